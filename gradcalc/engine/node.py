"""Graph nodes (``grad_fn``) and the machinery every differentiable op goes through.

An op is one ``Node`` subclass named as torch names its node (``MulBackward0``),
declaring ``forward`` (numpy in, numpy out) beside ``backward`` (engine ops in,
engine ops out, so ``create_graph=True`` records it). ``Op.apply(*args)`` runs the
forward and, when grad mode is on and an input requires grad, links a new node
into the graph. The node instance is the op's ``ctx``: what ``forward`` saves on
it is what ``backward`` reads.
"""

import itertools
import weakref

import numpy as np

from . import bf16, upcalls
from .grad_mode import STATE
from .journal import touch_hooks
from .printing import node_repr
from .tensor import _TYPE_NAMES, Tensor, _dt_of, _init, _new

_BF16 = bf16.ACTIVE

__all__ = ["Node", "AccumulateGrad", "RemovableHandle", "NotImplementedNode"]

_seq_counter = itertools.count()
_FREED = object()  # marks saved values released by a backward without retain_graph

FREED_MSG = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they "
    "have already been freed). Saved intermediate values of the graph are freed when you call .backward() "
    "or autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second "
    "time or if you need to access saved tensors after calling backward.")

# Set by torch.func.vmap while a vmap runs: ``hook(cls, args, params)`` runs an op on batched
# operands (NotImplemented when none is batched).
BATCH_HOOK = [None]
# Set by torch.autograd.forward_ad inside a dual level: ``hook(cls, args, params)`` runs an op on
# operands carrying tangents and gives its result the tangent (NotImplemented when none has one).
TANGENT_HOOK = [None]
# Set with it: ``hook(node, t)`` gives a saved output read back (``ctx.result``) the tangent its
# output had, as torch's SavedVariable keeps the forward grad (forward over reverse through exp, tanh...).
RESULT_TANGENT_HOOK = [None]

# Every op class, in declaration order: the test suite generates gradchecks from it.
OPS = []


class Node:
    """A node of the backward graph: ``grad_fn`` of the tensors an op made."""

    __slots__ = (
        "_next",      # tuple of (Node | None, int): where each input's gradient goes
        "_seq",       # creation order; backward runs later nodes first
        "_saved",     # what save_for_backward kept (tuple), None, or _FREED
        "_versions",  # version of each saved tensor when saved
        "_in_meta",   # ((shape, numpy dtype), ...) of inputs, kept by broadcasting ops
        "_outs",      # ((shape, numpy dtype), ...) of the outputs
        "_out",       # (array, version counter, version) of a saved output, None or _FREED
        "_extra",     # hooks and metadata (dict), rarely used
        "__weakref__",
    )

    # -- the declaration an op class fills in ---------------------------------
    #: The chain rule this node applies, in words and symbols (shown by %explain).
    explain = ""
    #: Inputs may broadcast or be promoted: the engine sums/casts grads back to each input.
    broadcasting = False
    #: True where backward runs the user's code (a custom Function): the gradients it sees or
    #: returns may be held by the user, so no leaf takes them as its .grad without a copy.
    runs_user_code = False
    #: With ``broadcasting``: the rule itself returns each input's shape (reductions, cat),
    #: so only a dtype difference needs the engine's help.
    casts_only = False
    #: The backward needs the forward's result (``ctx.result``).
    saves_output = False
    #: The names of the saved inputs, in save order (``("self", "other")``), where known: torch's
    #: generated nodes unpack their saved inputs in the order of their names, then the result, so
    #: when several were modified in place, the error names the first of them in that order.
    saved_names = None
    #: How many leading outputs are differentiable (for multi-output ops).
    n_diff_outputs = 1
    #: Examples for the generated gradcheck tests: ``(fn, shape, ...)`` or ``check(...)``.
    checks = ()
    #: Whether backward is itself differentiable (second-order gradchecks).
    twice_differentiable = True
    #: The output shares memory with the first input (view, select, transpose, ...):
    #: it shares its version counter, and in-place ops on it rewrite the base's history.
    is_view = False
    #: Outputs that got no gradient are passed to backward as zeros (False: as None, the
    #: node handles them itself, e.g. a custom Function honouring set_materialize_grads).
    zero_missing_grads = True
    #: ``array_backward(ctx, g)``: the rule on numpy arrays for a pass that records nothing (no
    #: create_graph): each input's gradient array (None where not needed), or NotImplemented to
    #: run ``backward`` instead. The op table generates it from the same rules (ops/table.py).
    array_backward = None
    #: ``array_forward(*arrays, **params)``: the forward on numpy values, for an op that other ops'
    #: rules apply (``ThresholdBackwardBackward0.apply``): their array forms call it.
    array_forward = None
    #: The output may have any dtype (the nodes in-place writes leave: torch rebases history without
    #: the dtype check it makes when it records an op's output).
    any_dtype = False

    # -- which gradients are wanted ---------------------------------------------------
    @property
    def needs_input_grad(self):
        """One bool per positional input: whether its gradient is wanted (torch's ``ctx.needs_input_grad``)."""
        return tuple([e[0] is not None for e in self._next])

    def should_compute(self, i):
        """Whether input ``i``'s gradient is wanted: a rule computes (and a forward saves for) only those."""
        return self._next[i][0] is not None

    def replay(self, arr):
        """For view ops: the same view of another array shaped like the input."""
        raise NotImplementedError

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if "forward" in cls.__dict__ and not cls.__name__.startswith("_"):
            OPS.append(cls)

    # -- what the op writes ---------------------------------------------------
    def forward(ctx, *args, **params):
        raise NotImplementedError

    def backward(ctx, *grads):
        raise NotImplementedError

    # -- applying an op ---------------------------------------------------------
    @classmethod
    def apply(cls, *args, **params):
        """Run the op on ``args`` (Tensors and Python scalars), recording it if needed."""
        if TANGENT_HOOK[0] is not None:  # inside a forward-AD dual level: tangents are pushed through (first: a
            # batched dual's tangent is itself batched, vmap(jvp(f)))
            out = TANGENT_HOOK[0](cls, args, params)
            if out is not NotImplemented:
                return out
        if BATCH_HOOK[0] is not None:  # inside torch.func.vmap: batched operands take the batching rules
            out = BATCH_HOOK[0](cls, args, params)
            if out is not NotImplemented:
                return out
        if STATE.grad_enabled:
            for a in args:
                if isinstance(a, Tensor) and (a._requires_grad or a._extra is not None and view_base_requires_grad(a)):
                    return cls._apply_recorded(args, params)
        out = cls.forward(NULL_CTX, *args, **params)
        if _BF16[0]:
            out = bf16.fix_outputs(cls, args, params, out)  # bfloat16 results rounded once, tagged
        if type(out) is tuple:
            outs = tuple(_leaf(o) for o in out)
            if cls.is_view:
                src = args[0]
                vc = src._shared_vc()
                info = src._extra.get("view") if src._extra else None
                # torch forbids in-place writes with grad through the views a multi-view op returns
                # untracked, as through views made under no_grad (and says so in those words)
                view = (src if info is None else info[0], None, vc[0])
                for o in outs[:cls.n_diff_outputs]:
                    o._vc = vc
                    o._extra = {"view": view, "no_grad_view": True, "multi": True}
            return outs
        t = _new(Tensor)
        t._data = out if type(out) is np.ndarray else np.array(out)
        t._requires_grad = False
        t._grad_fn = None
        t._output_nr = 0
        t._grad = None
        t._vc = None
        t._accum = None
        t._extra = None
        if cls.is_view:
            src = args[0]
            t._vc = src._shared_vc()
            # torch tracks every view's base: an in-place write of a value that requires grad
            # through this view rewrites the base's history (the region is read from memory)
            info = src._extra.get("view") if src._extra else None
            t._extra = {"view": (src if info is None else info[0], None, t._vc[0]),
                        "no_grad_view": not STATE.grad_enabled}
        return t

    @classmethod
    def _apply_recorded(cls, args, params):
        node = _new(cls)
        edges = []
        for a in args:
            if isinstance(a, Tensor):
                if a._extra is not None:
                    refresh_view(a)
                fn = a._grad_fn
                if fn is not None:
                    edges.append((fn, a._output_nr))
                elif a._requires_grad:
                    edges.append((a._accum or accumulator(a), 0))
                else:
                    edges.append(_NO_EDGE)
            else:
                edges.append(_NO_EDGE)
        node._next = tuple(edges)
        node._seq = next(_seq_counter)
        node._saved = None
        node._extra = None
        # _versions, _in_meta and _out are only read when _saved is set, or the
        # class broadcasts / saves its output: they are left unset otherwise.
        if _ANOMALY[0]:
            _ANOMALY[0].record_forward(node)
        out = node.forward(*args, **params)
        if _BF16[0]:
            out = bf16.fix_outputs(cls, args, params, out)
        if type(out) is not np.ndarray:
            if type(out) is tuple:
                return node._wrap_outputs(out, args)
            out = np.array(out)  # (a numpy scalar from 0-d arithmetic: its 0-d array, ~70 ns less than asarray)
        if out.dtype.kind not in "fc" and not (cls.any_dtype or IN_PLACE[0]):
            _refuse_dtype(out)
        t = _new(Tensor)
        t._data = out
        t._requires_grad = True
        t._grad_fn = node
        t._output_nr = 0
        t._grad = None
        t._vc = None
        t._accum = None
        t._extra = None
        node._outs = ((out.shape, out.dtype),)
        if cls.broadcasting:
            # remember the inputs whose shape or dtype differs from the result's:
            # their gradients are summed back / cast by the engine
            meta = None
            shape, dtype = out.shape, out.dtype
            casts_only = cls.casts_only
            for i, a in enumerate(args):
                if isinstance(a, Tensor):
                    d = a._data
                    if d.dtype != dtype or d.shape != shape and not casts_only:
                        if meta is None:
                            meta = [None] * len(args)
                        meta[i] = (d.shape, d.dtype)
            node._in_meta = meta
            if _BF16[0]:
                bf16.fix_meta(node, args, out)  # (numpy's float32 equals bfloat16's tagged float32)
        if cls.saves_output:
            vc = t._vc = [0]
            node._out = (out, vc, 0)
        elif cls.is_view:
            src = args[0]
            t._vc = src._shared_vc()
            info = src._extra.get("view") if src._extra else None
            # (base, the view ops from base to t, the shared version when t's grad_fn was made)
            # (a view of a view whose chain is unknown, None, is located by memory as well)
            t._extra = {"view": (info[0], info[1] and info[1] + (node,), t._vc[0]) if info else
                        (src, (node,), t._vc[0])}
        return t

    def _wrap_outputs(node, out, args):
        """The tensors of a multi-output op: the first ``n_diff_outputs`` belong to the node."""
        cls = type(node)
        n = cls.n_diff_outputs
        outs = []
        for i, o in enumerate(out):
            if type(o) is not np.ndarray:
                o = np.array(o)
            if i < n and o.dtype.kind not in "fc" and not (cls.any_dtype or IN_PLACE[0]):
                _refuse_dtype(o)
            outs.append(Tensor._make(o, node, i) if i < n else _leaf(o))
        node._outs = tuple([(o._data.shape, o._data.dtype) for o in outs[:n]])
        if cls.is_view:
            vc = args[0]._shared_vc()
            for o in outs[:n]:
                o._vc = vc
                o._extra = {"multi_view": node, "mv_version": vc[0]}
        return tuple(outs)

    # -- saving for backward -------------------------------------------------------
    def save_for_backward(self, *values):
        """Keep tensors (or other values) for backward; in-place changes to them are detected."""
        self._saved = values
        # Most tensors were never written in place (no version counter yet): then the
        # versions to expect are all 0 and nothing needs storing.
        versions = None
        for v in values:
            if isinstance(v, Tensor) and v._vc is not None:
                versions = tuple([(v._vc[0] if v._vc else 0) if isinstance(v, Tensor) else 0 for v in values])
                break
        self._versions = versions

    @property
    def saved_tensors(self):
        saved = self._saved
        if saved is _FREED:
            raise RuntimeError(FREED_MSG)
        if saved is None:
            return ()
        self._check_versions(saved, range(len(saved)))
        return saved

    def _check_versions(self, saved, order):
        """torch's error for the first saved value, in ``order``, modified in place since saved."""
        versions = self._versions
        for i in order:
            v = saved[i]
            if isinstance(v, Tensor) and v._vc is not None:
                now = v._vc[0]
                ver = versions[i] if versions is not None else 0
                if now != ver:
                    raise RuntimeError(_modified_msg(v, now, ver, output_of=self._saved_output_of(v)))

    def check_saved(self):
        """Raise as torch does when a saved value was freed or modified in place since it was saved
        (torch checks every saved value before running the rule, whether the rule reads it or not:
        the saved inputs in the order of their names where known, then a saved output)."""
        saved = self._saved
        if saved is not None and (saved is _FREED or _may_be_modified(saved)):
            names = self.saved_names
            if names is not None and saved is not _FREED and len(names) == len(saved):
                self._check_versions(saved, sorted(range(len(names)), key=names.__getitem__))
            else:
                self.saved_tensors
        if self.saves_output:
            out = getattr(self, "_out", None)
            if out is not None and (out is _FREED or out[1][0] != out[2]):
                self.result  # raises torch's error

    def _saved_output_of(self, tensor):
        """The node to name when saved ``tensor`` was modified: None means its current grad_fn."""
        return None

    @property
    def result(self):
        """The forward's output, as a tensor that belongs to this node (for create_graph)."""
        out = self._out
        if out is _FREED:
            raise RuntimeError(FREED_MSG)
        arr, vc, ver = out
        if vc[0] != ver:
            t = Tensor._make(arr, self)
            raise RuntimeError(_modified_msg(t, vc[0], ver, output_of=self))
        t = Tensor._make(arr, self)
        t._vc = vc
        if RESULT_TANGENT_HOOK[0] is not None:
            RESULT_TANGENT_HOOK[0](self, t)
        return t

    def _release(self):
        """Free what was saved (after a backward without retain_graph)."""
        if self._saved is not None:
            self._saved = _FREED
        if self.saves_output:
            self._out = _FREED

    # -- what torch shows of a node ----------------------------------------------
    #: torch's C++-defined nodes report a qualified name() (``torch::autograd::AccumulateGrad``);
    #: printing and reprs always show the short class name, as torch's do.
    cpp_name = False

    def name(self):
        if self.cpp_name:
            return "torch::autograd::" + type(self).__name__
        return type(self).__name__

    @property
    def next_functions(self):
        return self._next

    @property
    def metadata(self):
        return self._extras().setdefault("metadata", {})

    def register_hook(self, fn):
        """``fn(grad_inputs, grad_outputs)`` after this node runs; may return new grad_inputs."""
        touch_hooks(self)
        hooks = self._hook_list("post")
        hooks.append(fn)
        return RemovableHandle(hooks, fn, self)

    def register_prehook(self, fn):
        """``fn(grad_outputs)`` before this node runs; may return new grad_outputs."""
        touch_hooks(self)
        hooks = self._hook_list("pre")
        hooks.append(fn)
        return RemovableHandle(hooks, fn, self)

    def _extras(self):
        if self._extra is None:
            self._extra = {}
        return self._extra

    def _hook_list(self, key):
        return self._extras().setdefault(key, [])

    def _tensor_prehooks(self, nr, create=False):
        if create:  # the caller is about to add a hook
            touch_hooks(self)
        ex = self._extra
        if ex is None:
            if not create:
                return None
            ex = self._extras()
        by_nr = ex.get("tensor_prehooks")
        if by_nr is None:
            if not create:
                return None
            by_nr = ex["tensor_prehooks"] = {}
        hooks = by_nr.get(nr)
        if hooks is None and create:
            hooks = by_nr[nr] = []
        return hooks

    def __repr__(self):
        return node_repr(self)

    def __call__(self, *grads):
        """Apply the backward rule directly, as torch allows (``grad_fn(grad)``)."""
        grads = tuple(g if isinstance(g, Tensor) else Tensor._wrap(np.asarray(g)) for g in grads)
        r = self.backward(*grads)
        return r


def _may_be_modified(saved):
    """Whether a saved tensor has a version counter (made by its first in-place write): without
    one, nothing saved can have changed, and the check needs no order."""
    for v in saved:
        if isinstance(v, Tensor) and v._vc is not None:
            return True
    return False


class _NoEdges:
    """``_next`` of the null ctx: no input needs a gradient."""

    __slots__ = ()

    def __getitem__(self, i):
        return _NO_EDGE


class _NothingNeeded:
    """``needs_input_grad`` of the null ctx: False at every index."""

    __slots__ = ()

    def __getitem__(self, i):
        return False

    def __iter__(self):
        return iter(())


class _NullCtx:
    """The ctx of an op run without recording: saving is a no-op, no input needs a gradient."""

    __slots__ = ()
    _next = _NoEdges()
    needs_input_grad = _NothingNeeded()

    def save_for_backward(self, *values):
        pass

    def should_compute(self, i):
        return False

    def __setattr__(self, name, value):
        pass


NULL_CTX = _NullCtx()
_NO_EDGE = (None, 0)


def _leaf(arr):
    if type(arr) is not np.ndarray:
        arr = np.asarray(arr)
    t = _new(Tensor)
    _init(t, arr, None, 0)
    return t


class AccumulateGrad(Node):
    """The node at a leaf tensor that requires grad: gradients end here, in ``.grad``."""

    __slots__ = ("_var",)
    explain = "accumulate: leaf.grad += grad"
    cpp_name = True

    @property
    def variable(self):
        return self._var()


# node -> (saved, versions, saved output) freed by the last backward (kept for %explain: those
# nodes stay alive here, but no graph a program can still run holds them). Only where someone may
# ask (KEEP_FREED[0], set by the interpreter's session): it keeps every saved activation of the
# last pass alive until the next one, which torch frees at once (and ~115 B per node besides).
LAST_RELEASED = {}
KEEP_FREED = [False]


def keep_freed_for_explain(flag=True):
    """Whether each backward keeps what it frees until the next one (for %explain after a pass)."""
    KEEP_FREED[0] = bool(flag)
    if not flag:
        LAST_RELEASED.clear()


def _held_by_a_graph(acc):
    """Whether a node a program can still reach has an edge to ``acc`` (a rare question: asked
    only when a leaf's shape changed in place, so a scan of the referrers is affordable)."""
    import gc
    for edge in gc.get_referrers(acc):
        if type(edge) is not tuple:
            continue
        for holder in gc.get_referrers(edge):
            if type(holder) is tuple:  # a node's _next
                for node in gc.get_referrers(holder):
                    if isinstance(node, Node) and node not in LAST_RELEASED:
                        return True
    return False


def _refresh_accumulator(t, acc):
    """The accumulator of a leaf reshaped in place takes the leaf's present shape once no graph
    holds it: torch keeps only a weak reference to it, which has expired by then, and the next use
    makes a new one (hooks live on the tensor, so the node itself can stay). While a graph holds
    it, the old shape stands, and gradients are fitted to it (backward._fit)."""
    if not _held_by_a_graph(acc):
        acc._outs = ((t._data.shape, t._data.dtype),)


def accumulator(t):
    """The AccumulateGrad node of leaf ``t`` (one per leaf, made on first use)."""
    acc = t._accum
    if acc is None:
        acc = _new(AccumulateGrad)
        acc._next = ()
        acc._seq = float("inf")  # gradients are accumulated as soon as they are complete
        acc._saved = None
        acc._outs = ((t._data.shape, t._data.dtype),)
        acc._extra = None
        acc._var = weakref.ref(t)
        t._accum = acc
    return acc


NO_GRAD_VIEW_BASE_MSG = ("A view was created in no_grad mode and its base or another view of its base has been "
                         "modified inplace with grad mode enabled. ")
NO_GRAD_VIEW_TAIL = ("Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
                     "code by moving both the view and the inplace either both inside the no_grad block (if you don't "
                     "want the inplace to be tracked) or both outside (if you want the inplace to be tracked).")
MULTI_VIEW_TAIL = ("This view is the output of a function that returns multiple views. Such functions do not allow "
                   "the output views to be modified inplace. You should replace the inplace operation by an "
                   "out-of-place one.")


# Set while an in-place op computes its result (the result is written into the tensor, whose dtype
# torch does not check when it rebases the tensor's history).
IN_PLACE = [False]


def _refuse_dtype(arr):
    """torch records history only on floating outputs (an integer tensor made to require grad by an
    in-place fill_, then used, gets here)."""
    from .dtypes import from_numpy_dtype
    name = from_numpy_dtype(arr.dtype).name
    raise RuntimeError(f"Autograd not support dtype: {_SCALAR_TYPE.get(name, name)}")


_SCALAR_TYPE = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}


def view_base_requires_grad(t):
    """Whether ``t`` is a view (without history of its own) of a base that requires grad: torch's
    view then requires grad too."""
    info = t._extra.get("view")
    return info is not None and info[1] is None and info[0]._requires_grad


def refresh_view(t):
    """A view whose base was changed in place (through the base or another view) since the
    view's grad_fn was made reads the base's new history, as torch regenerates it."""
    acc = t._accum
    if acc is not None and acc._outs[0][0] != t._data.shape:
        _refresh_accumulator(t, acc)  # (a leaf reshaped in place has extras, so it passes here)
    ex = t._extra
    node = ex.get("multi_view")
    if node is not None:
        # torch cannot regenerate the history of one of several views an op returned
        if t._grad_fn is node and t._vc is not None and t._vc[0] != ex.get("mv_version", 0):
            raise RuntimeError(
                f"Output {t._output_nr} of {_short_name(node)} is a view and its base or another view of its base "
                f"has been modified inplace. This view is the output of a function that returns multiple views. "
                f"Such functions do not allow the output views to be modified inplace. You should replace the "
                f"inplace operation by an out-of-place one.")
        return
    info = ex.get("view")
    if info is None or t._vc is None or t._vc[0] == info[2]:
        return
    base, chain, _ = info
    if not base._requires_grad:
        return
    if ex.get("no_grad_view"):
        raise RuntimeError(NO_GRAD_VIEW_BASE_MSG + (MULTI_VIEW_TAIL if ex.get("multi") else NO_GRAD_VIEW_TAIL))
    upcalls.regenerate_view(t, base, chain)


def edge_of(t):
    """Where the gradient for tensor ``t`` must be sent: ``(node, output_nr)``."""
    if t._extra is not None:
        refresh_view(t)
    fn = t._grad_fn
    if fn is not None:
        return (fn, t._output_nr)
    if t._requires_grad:
        return (t._accum or accumulator(t), 0)
    return _NO_EDGE


def tensor_prehooks(t, create=False):
    """The list of hooks registered on non-leaf tensor ``t`` (kept on its grad_fn)."""
    return t._grad_fn._tensor_prehooks(t._output_nr, create)


class NotImplementedNode(Node):
    """Node of an op with no derivative (``x // 2``): backward raises, as torch's does."""

    __slots__ = ("_what",)
    cpp_name = True

    def backward(ctx, *grads):
        raise RuntimeError(f"derivative for aten::{ctx._what} is not implemented")


# torch's node for an op without a derivative is called NotImplemented
NotImplementedNode.__name__ = NotImplementedNode.__qualname__ = "NotImplemented"


def not_differentiable(what, result, *inputs):
    """Give ``result`` a NotImplemented grad_fn when an input requires grad (torch does so)."""
    if STATE.grad_enabled and any(isinstance(a, Tensor) and a._requires_grad for a in inputs):
        node = _new(NotImplementedNode)
        node._next = tuple([edge_of(a) if isinstance(a, Tensor) else _NO_EDGE for a in inputs])
        node._seq = next(_seq_counter)
        node._saved = node._extra = None
        node._outs = ((result._data.shape, result._data.dtype),)
        node._what = what
        result._grad_fn = node
        result._requires_grad = True
    return result


class RemovableHandle:
    """Returned by ``register_hook``: ``handle.remove()`` unregisters the hook."""

    __slots__ = ("_hooks", "_fn", "_owner")

    def __init__(self, hooks, fn, owner):
        self._hooks = hooks
        self._fn = fn
        self._owner = owner  # the tensor or node whose hooks these are (for undo)

    def remove(self):
        touch_hooks(self._owner)
        hooks = self._hooks
        for i, h in enumerate(hooks):
            if h is self._fn:
                del hooks[i]
                break


#: Anomaly mode: False when off; when on, what anomaly.py provides the core
#: (``record_forward(node)``, ``call_node(node, grads_out, task)``). The hot paths test this slot.
_ANOMALY = [False]


def _short_name(fn):
    """How torch names a node in the version error: MulBackward0 -> Mul, PowBackward1 -> Pow1,
    C++ nodes by their qualified name (torch::autograd::CopySlices)."""
    name = fn.name()
    op, sep, n = name.rpartition("Backward")
    if sep and (n.isdigit() or not n) and "::" not in name:
        return op if n in ("", "0") else op + n  # (a custom Function's node is MyFnBackward)
    return name


# torch's version error names a tensor by its legacy type, except the types with no legacy
# constructor in its table, which print as the dispatch key's type
_VERSION_TYPE_NAMES = {**_TYPE_NAMES, "bfloat16": "CPUBFloat16Type", np.bool_: "CPUBoolType", np.complex64: "CPUComplexFloatType",
                       np.complex128: "CPUComplexDoubleType"}


def _modified_msg(t, now, expected, output_of=None):
    shape = ", ".join(str(d) for d in t._data.shape)
    desc = f"[{_VERSION_TYPE_NAMES[_dt_of(t._data)]} [{shape}]]"
    # a saved view whose base was changed in place names its regenerated history (AsStridedBackward0),
    # as torch's SavedVariable reads data_.grad_fn()
    fn = output_of if output_of is not None else t.grad_fn if t._extra is not None else t._grad_fn
    if fn is not None:
        desc += f", which is output {t._output_nr} of {_short_name(fn)},"
    if _ANOMALY[0]:  # the forward trace is shown (warning) along with the error
        hint = ("the backtrace further above shows the operation that failed to compute its gradient. The "
                "variable in question was changed in there or anywhere later. Good luck!")
    else:
        hint = ("enable anomaly detection to find the operation that failed to compute its gradient, with "
                "torch.autograd.set_detect_anomaly(True, check_nan=False).")
    return (
        f"one of the variables needed for gradient computation has been modified by an inplace "
        f"operation: {desc} is at version {now}; expected version {expected} instead. Hint: {hint}")
