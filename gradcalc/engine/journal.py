"""The engine's one observer of mutations: what undo needs to know, told before it happens.

The engine knows nothing of statements or undo; the interpreter's journal does
(``gradcalc.interpreter.journal``). Every place in the engine that is about to change
state a user could see afterwards calls one of the functions below first, and they
pass the notice to the subscriber, if there is one:

- ``touch(t)``: tensor ``t``'s values or autograd attributes (requires_grad, grad_fn,
  version, view bookkeeping) are about to change in place;
- ``touch_grad(t)``: only ``t.grad`` is about to change (a backward accumulating);
- ``touch_hooks(owner)``: the hooks, pre-hooks, retain_grad or post-accumulate hooks kept
  on ``owner`` (a tensor or a graph node, in its ``_extra``) are about to change;
- ``note_release(node)``: a backward is about to free what ``node`` saved;
- ``touch_container(c)``: the engine is about to change the items of a dict or list a user can
  read (an optimizer's ``state``: new entries, step counts, history lists; an ``nn.Module``'s
  hook dicts, as a hook is registered or its handle removed);
- ``touch_generator(gen)``: a random generator's state is about to change (a draw, a seed, a
  ``set_state``). Told only when something draws, so statements that draw nothing pay nothing.

The subscriber is any object with the methods ``tensor(t, values)``, ``hooks(owner)``,
``release(node)``, ``container(c)`` and ``generator(gen)``. With none subscribed, each notice
costs one list lookup.
"""

OBSERVER = [None]  # the subscriber (the interpreter's open journal), or None


def subscribe(observer):
    """Make ``observer`` receive the notices; returns the one it replaces (to put back)."""
    previous = OBSERVER[0]
    OBSERVER[0] = observer
    return previous


def touch(t):
    """Call before changing tensor ``t`` in place (its values or autograd attributes)."""
    o = OBSERVER[0]
    if o is not None:
        o.tensor(t, True)


def touch_grad(t):
    """Call before changing only ``t.grad``: the values need no copy."""
    o = OBSERVER[0]
    if o is not None:
        o.tensor(t, False)


def touch_hooks(owner):
    """Call before adding or removing a hook kept on ``owner`` (a tensor or a node)."""
    o = OBSERVER[0]
    if o is not None:
        o.hooks(owner)


def note_release(node):
    """Call before a backward frees what ``node`` saved."""
    o = OBSERVER[0]
    if o is not None:
        o.release(node)


def touch_container(c):
    """Call before changing the items of dict or list ``c`` (not the objects they hold); restored
    in place, so the handles that point at it stay valid."""
    o = OBSERVER[0]
    if o is not None:
        o.container(c)


def observing():
    """Whether anyone listens (so a caller can skip preparing notices nobody reads)."""
    return OBSERVER[0] is not None


def touch_generator(gen):
    """Call before changing random generator ``gen``'s state (drawing from it, seeding it)."""
    o = OBSERVER[0]
    if o is not None:
        o.generator(gen)
