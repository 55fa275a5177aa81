"""Forward mode: every op's Jacobian-vector product, by its own rule or derived from its backward.

Inside a dual level, ``Node.apply`` hands ops whose operands carry tangents to
``push`` (``node.TANGENT_HOOK``). A row of the op table (``ops/table.py``) has a forward
rule of its own (``row.jvp``: its backward rule applied to each input's tangent, exact
for a pointwise op as torch's ``auto_element_wise``, or the row's ``jvp=``), as has a
hand-written node class with a ``jvp(ctx, *tangents)`` staticmethod (mm, addmm ...): one
expression on the tangents, read off the op's recorded inputs, result and parameters.

Any other op gets its JVP from its backward. An op's backward is linear in its incoming
gradient ``u``: it computes ``Jᵀu``. So ``⟨Jᵀu, t⟩ = ⟨u, J t⟩``, and the tangent of the
output, ``J t``, is the gradient of ``⟨Jᵀu, t⟩`` with respect to ``u`` (the
"double-vjp" trick): the op is run once recorded, its backward once with a graph on
a dummy ``u``, and that graph once backwards. Every op of the table gets its JVP
this way from the backward declared beside it, in engine ops, so tangents are
themselves differentiable (reverse over forward) and gradients computed inside a
dual level carry tangents (forward over reverse: Hessian-vector products).
"""

import weakref

from ..grad_mode import enable_grad
from ..ops.forward_linear import is_linear
from ..ops.forward_refusals import no_forward_ad
from ..complex_support import NOT_HOLOMORPHIC
from ..tensor import Tensor

__all__ = ["push", "tangent_of", "set_tangent", "tangent_at", "set_tangent_at", "drop_level", "result_tangent",
           "copy_tangents", "DUALS", "RESULT_TANGENTS", "CEILING"]

# Levels. The outermost dual level is 0 (torch.autograd.forward_ad's, or torch.func.jvp's); a
# torch.func.jvp inside another one opens level 1, 2 ... (torch's functorch levels). A tensor's
# tangent at level 0 is its ``_fw`` slot; at a nested level it is ``_extra["fwn"][level]``.
# ``CEILING[0]`` is the highest level whose tangents ops push now: the top level, except while an
# op's tangent at level m is being computed (then m - 1: that computation, the op's primal and its
# rule, is itself pushed at the levels below, which is what makes jvp(jvp(f)) a second derivative,
# and what keeps an outer level's perturbation out of an inner one's tangent).
CEILING = [-1]

# tensors holding a tangent at level 0, cleared on exit (by id with a weak reference:
# tensors compare elementwise, so no WeakSet); NESTED[level] the same for a nested level
DUALS = {}
NESTED = {}
# node -> {level: the tangent of the output it saved (ctx.result)}, cleared level by level on exit
RESULT_TANGENTS = weakref.WeakKeyDictionary()


def result_tangent(node, t):
    """``node.RESULT_TANGENT_HOOK``: a saved output read back carries its output's tangents."""
    fws = RESULT_TANGENTS.get(node)
    if fws:
        for level, fw in fws.items():
            set_tangent_at(t, level, fw)


def tangent_of(t):
    return getattr(t, "_fw", None)


def tangent_at(t, level):
    """``t``'s tangent at ``level`` (None without one)."""
    if level == 0:
        return getattr(t, "_fw", None)
    ex = t._extra
    if ex is None:
        return None
    fwn = ex.get("fwn")
    return None if fwn is None else fwn.get(level)


def set_tangent(t, tangent):
    t._fw = tangent
    key = id(t)
    DUALS[key] = weakref.ref(t, lambda _, key=key: DUALS.pop(key, None))


def set_tangent_at(t, level, tangent):
    """Give ``t`` its tangent at ``level`` (None: remove it)."""
    if level == 0:
        if tangent is None:
            if getattr(t, "_fw", None) is not None:
                t._fw = None
        else:
            set_tangent(t, tangent)
        return
    if tangent is None:
        fwn = t._extra.get("fwn") if t._extra else None
        if fwn:
            fwn.pop(level, None)
        return
    t._extras().setdefault("fwn", {})[level] = tangent
    key = id(t)
    NESTED.setdefault(level, {})[key] = weakref.ref(t, lambda _, key=key, level=level: NESTED.get(level, {}).pop(
        key, None))


def drop_level(level):
    """Delete every tangent at ``level`` (the level is being exited)."""
    if level == 0:
        for ref in list(DUALS.values()):
            t = ref()
            if t is not None:
                try:
                    del t._fw
                except AttributeError:
                    pass
        DUALS.clear()
    else:
        for ref in list(NESTED.pop(level, {}).values()):
            t = ref()
            if t is not None and t._extra is not None:
                fwn = t._extra.get("fwn")
                if fwn is not None:
                    fwn.pop(level, None)
                    if not fwn:
                        del t._extra["fwn"]
                        if not t._extra:
                            t._extra = None
    for node in list(RESULT_TANGENTS.keys()):
        fws = RESULT_TANGENTS.get(node)
        if fws is not None:
            fws.pop(level, None)
            if not fws:
                RESULT_TANGENTS.pop(node, None)


def copy_tangents(src, dst, below):
    """``dst`` gets ``src``'s tangents at the levels under ``below`` (a private copy of a nested dual)."""
    for level in range(below):
        fw = tangent_at(src, level)
        if fw is not None:
            set_tangent_at(dst, level, fw)
    return dst


def _leaf(a, m):
    """A private leaf with ``a``'s value and its tangents below level ``m``."""
    leaf = a.detach().requires_grad_()
    return copy_tangents(a, leaf, m) if m else leaf


def _detached(t, m):
    """``t`` detached, with its tangents below level ``m`` (themselves detached)."""
    d = t.detach()
    for level in range(m):
        fw = tangent_at(t, level)
        if fw is not None:
            set_tangent_at(d, level, _detached(fw, level))
    return d


def push(cls, args, params):
    """Run op ``cls`` and give its differentiable outputs their tangents, at every level (the
    highest one an operand has a tangent at first; its primal and its rule are pushed at the rest)."""
    top = CEILING[0]
    if top == 0:
        m = 0
        tangents = [getattr(a, "_fw", None) if isinstance(a, Tensor) else None for a in args]
        if not any(t is not None for t in tangents):
            return NotImplemented
    else:
        m = -1
        for a in args:
            if isinstance(a, Tensor):
                if getattr(a, "_fw", None) is not None and m < 0:
                    m = 0
                fwn = a._extra.get("fwn") if a._extra else None
                if fwn:
                    for level in fwn:
                        if m < level <= top:
                            m = level
        if m < 0:
            return NotImplemented
        tangents = [tangent_at(a, m) if isinstance(a, Tensor) else None for a in args]
    from .. import node
    own = getattr(cls, "jvp", None)
    if type(own) is no_forward_ad:  # torch has no forward rule for this op: its error, before the op runs
        own.refuse()
    row = getattr(cls, "_row", None)
    rule = row.jvp if row is not None else own
    if row is not None and cls in NOT_HOLOMORPHIC and any(
            isinstance(a, Tensor) and a._data.dtype.kind == "c" for a in args):
        rule = None  # (abs, sgn of a complex input: the row's rule is not the derivative; derive it)
    hook = node.TANGENT_HOOK[0]
    if m == 0:
        node.TANGENT_HOOK[0] = None  # the primal op and the JVP's own ops carry no tangents
    CEILING[0] = m - 1  # ... at this level: they carry the lower levels' ones
    try:
        if rule is None and is_linear(cls):
            out = cls.apply(*args, **params)
            outs = out if type(out) is tuple else (out,)
            n = cls.n_diff_outputs if type(out) is tuple else 1
            diff = [i for i, o in enumerate(outs[:n]) if o._data.dtype.kind in "fc"]
            dys = _linear(cls, args, params, tangents, diff) if diff else []
        elif rule is not None and cls.n_diff_outputs == 1:
            out, dys = _by_rule(cls, rule, args, params, tangents, m)
            diff = [0] if dys else []
        else:
            mark = _rng_mark()
            out = cls.apply(*args, **params)
            outs = out if type(out) is tuple else (out,)
            n = cls.n_diff_outputs if type(out) is tuple else 1
            diff = [i for i, o in enumerate(outs[:n]) if o._data.dtype.kind in "fc"]
            dys = _jvp(cls, args, params, tangents, diff, m, mark) if diff else []
        outs = out if type(out) is tuple else (out,)
        for i, dy in zip(diff, dys):
            set_tangent_at(outs[i], m, dy)
        fn = outs[0]._grad_fn if cls.saves_output and type(out) is not tuple and dys else None
        if fn is not None:
            fws = RESULT_TANGENTS.get(fn)
            if fws is None:
                RESULT_TANGENTS[fn] = {m: dys[0]}
            else:
                fws[m] = dys[0]
    finally:
        node.TANGENT_HOOK[0] = hook
        CEILING[0] = top
    return out


def _linear(cls, args, params, tangents, diff):
    """An op linear in its floating inputs (ops/forward_linear.py): the op on the tangents, zeros for
    inputs without one (torch's auto_linear); differentiable where the tangents are."""
    from ..creation import zeros_like
    from ..ops.forward_linear import JOINING
    data = "fiub" if cls.__name__ in JOINING else "f"  # (a joining op's integer input is data, not an index)
    ts = [t if t is not None else zeros_like(a) if isinstance(a, Tensor) and a._data.dtype.kind in data else a
          for a, t in zip(args, tangents)]
    with enable_grad():
        dy = cls.apply(*ts, **params)
    dys = dy if type(dy) is tuple else (dy,)
    return [dys[i] for i in diff]


def _rng_mark():
    """The default generator's state, for an op recorded a second time (its tangent's) to draw the
    same numbers as its output did (rrelu's noise, a dropout mask), leaving the generator as one run."""
    from ..random_mt19937 import default_generator as g
    bg = g._bitgen
    return g, g._seed, None if bg is None else bg.state, g._fresh, g._next_double, g._next_float


def _rng_rewind(mark):
    g, g._seed, state, g._fresh, g._next_double, g._next_float = mark
    if state is None:
        g._bitgen = None
    else:
        g._engine().state = state


def _needs_graph(args, tangents, m):
    """Whether the tangent must stay differentiable (reverse over forward): an input, or a tangent
    at this level or a lower one, requires grad."""
    for a, t in zip(args, tangents):
        if isinstance(a, Tensor):
            if a._requires_grad or t is not None and t._requires_grad:
                return True
            for level in range(m):
                fw = tangent_at(a, level)
                if fw is not None and fw._requires_grad:
                    return True
    return False


def _by_rule(cls, rule, args, params, tangents, m=0):
    """``(output, [its tangent])`` by the op's own forward rule ``rule(ctx, *tangents)`` (a row's
    ``row.jvp``, or a node class's ``jvp`` staticmethod): ``ctx``
    is the op recorded with every input that carries a tangent requiring grad (so what the rules
    read is saved). Without any input requiring grad, that recording gives the output too (its
    history, through private leaves, is dropped); otherwise the output is recorded as usual and
    the tangent is differentiable w.r.t. the inputs (reverse over forward)."""
    from ..creation import zeros_like
    from ..grad_mode import no_grad
    need_graph = _needs_graph(args, tangents, m)
    if not need_graph:
        with enable_grad():
            y = cls.apply(*[_leaf(a, m) if t is not None else a for a, t in zip(args, tangents)], **params)
        out, ctx = _detached(y, m), y._grad_fn
    else:
        mark = _rng_mark()
        out = cls.apply(*args, **params)
        ctx = out._grad_fn
        if ctx is None or any(t is not None and not a._requires_grad for a, t in zip(args, tangents)):
            _rng_rewind(mark)
            with enable_grad():  # a dual input that does not require grad: its rule's reads are not saved
                ctx = cls.apply(*[a.view_as(a) if t is not None and a._requires_grad else
                                  _leaf(a, m) if t is not None else a
                                  for a, t in zip(args, tangents)], **params)._grad_fn
    if out._data.dtype.kind not in "fc":
        return out, []
    with (enable_grad() if need_graph else no_grad()):
        dy = rule(ctx, *tangents)
        if dy is None:
            return out, [zeros_like(out)]
        if dy._data.shape != out._data.shape:
            dy = dy.expand(out.shape)
        if dy.dtype is not out.dtype:
            dy = dy.to(out.dtype)
    return out, [dy if need_graph else _detached(dy, m)]


def _zeros_like(o):
    """The dummy cotangent ``u`` shaped like output ``o`` (batched as ``o`` is, inside vmap). Its value
    does not matter (the backward is linear in it): ones, not zeros, because a few backward rules are
    written with the log of the gradient (logcumsumexp), whose derivative at 0 is not finite."""
    from ..creation import ones_like
    value = getattr(o, "_value", None)
    if value is not None:  # a batched tensor: one cotangent per example
        from ..func.batched import wrap
        return wrap(_zeros_like(value), o._level)
    return ones_like(o)


def _grad_fn():
    from ..func.batched import LEVELS
    if LEVELS:  # inside vmap: the batched outputs' gradients, per example
        from ..func.autograd_grad import autograd_grad

        def grad(outputs, inputs, grad_outputs=None, create_graph=False, allow_unused=True):
            outputs = (outputs,) if isinstance(outputs, Tensor) else tuple(outputs)
            inputs = tuple(inputs)
            if grad_outputs is not None:
                grad_outputs = tuple(grad_outputs)
            return autograd_grad(outputs, inputs, grad_outputs, create_graph=create_graph)
        return grad
    from ..backward import grad
    return grad


def _jvp(cls, args, params, tangents, diff, m=0, mark=None):
    from ..creation import zeros_like
    grad = _grad_fn()
    need_graph = _needs_graph(args, tangents, m)
    with enable_grad():
        xs = []
        for a, t in zip(args, tangents):
            if t is None:
                xs.append(a)
            elif a._requires_grad:
                xs.append(a.view_as(a))  # stays connected: the tangent is differentiable w.r.t. a
            else:
                xs.append(_leaf(a, m))
        if mark is not None:
            _rng_rewind(mark)
        y = cls.apply(*xs, **params)
        ys = y if type(y) is tuple else (y,)
        ys = [ys[i] for i in diff]
        wrt = [(x, t) for x, t in zip(xs, tangents) if t is not None]
        us = [_zeros_like(o).requires_grad_() for o in ys]
        live = [(o, u) for o, u in zip(ys, us) if o._requires_grad]
        if not live:
            return [zeros_like(o) for o in ys]
        gs = grad([o for o, _ in live], [x for x, _ in wrt], [u for _, u in live], create_graph=True,
                  allow_unused=True)
        s = None
        for g, (_, t) in zip(gs, wrt):
            if g is not None:
                # ⟨g, t⟩, the real inner product (of a complex pair: Re(conj(g) t), torch's convention)
                term = (g * t).sum() if g._data.dtype.kind != "c" else (g.conj_physical() * t).real.sum()
                s = term if s is None else s + term
        if s is None or not s._requires_grad:
            return [zeros_like(o) for o in ys]
        # (at a nested level, in engine ops: the lower levels' tangents are pushed through it)
        dus = grad(s, us, allow_unused=True, create_graph=need_graph or m > 0)
    return [zeros_like(o) if d is None else (d if need_graph else _detached(d, m)) for d, o in zip(dus, ys)]
