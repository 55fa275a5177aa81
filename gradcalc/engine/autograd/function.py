"""torch.autograd.Function: ops written in Python, with a hand-written backward.

    class MyExp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            y = x.exp()
            ctx.save_for_backward(y)
            return y

        @staticmethod
        def backward(ctx, grad):
            (y,) = ctx.saved_tensors
            return grad * y

    y = MyExp.apply(x)          # y.grad_fn is a <MyExpBackward> node

Built on the engine's own graph machinery: defining a Function subclass makes a
``Node`` subclass named ``<ClassName>Backward`` (as torch names it), and the
node instance is the ``ctx`` that ``forward`` fills and ``backward`` reads,
exactly as for the built-in ops of ``ops/``. The differences from a built-in op
are torch's: ``forward`` gets and returns Tensors (it runs with grad disabled),
``backward`` returns one gradient per forward argument (None for non-tensors),
and the engine checks what comes back (count, shape, dtype) with torch's errors.
``backward`` runs with grad mode = ``create_graph``, so a backward written with
differentiable ops gives higher-order gradients.
"""

import functools
import inspect
import warnings

import numpy as np

from .. import node as _node
from ..grad_mode import STATE
from ..node import _NO_EDGE, Node, _seq_counter, edge_of
from ..printing import node_repr
from ..tensor import Tensor, _new

__all__ = ["Function", "FunctionCtx", "once_differentiable"]

# How many torch.func transforms are running (``func/wrapper.transformed``): inside one, a Function
# must be written with ``setup_context`` (torch's rule).
TRANSFORMS = [0]

_TORCH_MODULE = "torch.autograd.function"  # where torch's nodes of custom Functions live (repr)


def _blank_node(cls):
    """A node of ``cls`` with every Node slot set to None (the caller fills what it uses)."""
    node = _new(cls)
    for name in _NODE_SLOTS:
        setattr(node, name, None)
    return node


_NODE_SLOTS = [s for klass in Node.__mro__ for s in getattr(klass, "__slots__", ())
               if s not in ("__weakref__", "__dict__")]


class FunctionCtx:
    """What ``forward`` may call on ``ctx`` (torch's FunctionCtx)."""

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; read them back with ``ctx.saved_tensors``."""
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save variables, but argument {i} is of type "
                                f"{type(t).__name__}")
        Node.save_for_backward(self, *tensors)
        self.to_save = tensors

    def save_for_forward(self, *tensors):
        """Keep tensors (or None) for ``jvp``: there, ``ctx.saved_tensors`` gives them back."""
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_forward expects all arguments to be tensors; but got {i}-th argument of "
                                f"type {type(t).__name__}")
        self._saved_fw = tensors

    def check_saved(self):
        """A custom Function's saved tensors are checked when its backward reads them, not before."""

    def mark_dirty(self, *tensors):
        """Declare inputs that forward modified in place (they must be returned as outputs)."""
        self.dirty_tensors = self._dirty = tensors

    def mark_non_differentiable(self, *tensors):
        """Declare outputs that get no gradient (e.g. indices): they do not require grad."""
        self.non_differentiable = self._non_diff = tensors

    def set_materialize_grads(self, value):
        """False: backward receives None (not zeros) for outputs that got no gradient."""
        self._materialize = bool(value)

    def _saved_output_of(self, tensor):
        """A saved output of this very Function is reported as torch does, as an output of this
        node, even when an in-place op has since given it another grad_fn."""
        return self if id(tensor) in self._own_outputs else None


class BackwardCFunction(FunctionCtx, Node):
    """Base of the ``<Name>Backward`` node classes made for each Function subclass.

    Unlike the op nodes it has a ``__dict__``: users store anything on ``ctx``.
    """

    runs_user_code = True

    _forward_cls = None
    zero_missing_grads = False  # we materialize (or not, per ctx) ourselves, see _grads_in
    # defaults of what forward may set (torch's public attributes exist only once set)
    _materialize = True
    _dirty = ()
    _non_diff = ()
    _own_outputs = ()
    needs_input_grad = ()

    def __repr__(self):
        return node_repr(self, module=_TORCH_MODULE)

    def backward(self, *grads):
        """The engine's entry: the user's backward, with torch's checks of what it returns."""
        cls = self._forward_cls
        user_backward = _user_backward(cls)
        grads = self._grads_in(grads)
        result = user_backward(self, *grads)
        return self._check_grads(result)

    # torch also exposes the user's backward as the node's ``apply``
    def apply(self, *grads):
        return _user_backward(self._forward_cls)(self, *grads)

    def _grads_in(self, grads):
        if not self._materialize:
            return grads
        if all(g is not None for g in grads):
            return grads
        out = []
        for g, meta in zip(grads, self._outs):
            if g is None and meta is not None:
                g = Tensor._wrap(np.zeros(meta[0], meta[1]))
            out.append(g)
        return tuple(out)

    def _check_grads(self, result):
        """One gradient per forward input -> one per tensor input (the node's edges)."""
        name = self.name()
        if type(result) is not tuple:
            result = (result,)
        metas = self._input_meta
        n = len(metas)
        if len(result) > n and all(g is None for g in result[n:]):
            result = result[:n]  # extra Nones are allowed, as in torch
        if len(result) != n:
            raise RuntimeError(f"function {name} returned an incorrect number of gradients "
                               f"(expected {n}, got {len(result)})")
        out = []
        for i, (g, meta) in enumerate(zip(result, metas)):
            if meta is None:
                if g is not None:
                    raise RuntimeError(f"function {name} returned a gradient different than None at position "
                                       f"{i + 1}, but the corresponding forward input was not a Variable")
                continue
            if g is not None:
                if not isinstance(g, Tensor):
                    raise RuntimeError(f"expected Variable or None (got {type(g).__name__})")
                g = _fit_grad(g, meta, len(out), name)
            out.append(g)
        return tuple(out)


def _fit_grad(g, meta, index, name):
    """Sum a broadcast gradient back to the input's shape and cast it to its dtype (torch's validate_outputs)."""
    shape, dtype = meta
    gshape = g._data.shape
    if gshape != shape:
        if not _expandable(shape, gshape):
            raise RuntimeError(f"Function {name} returned an invalid gradient at index {index} - got "
                               f"{list(gshape)} but expected shape compatible with {list(shape)}")
        from ..backward import sum_to
        g = sum_to(g, shape)
    if g._data.dtype != dtype:
        from ..dtypes import from_numpy_dtype
        g = g.to(from_numpy_dtype(dtype))
    return g


def _expandable(shape, target):
    """Whether ``shape`` broadcasts to ``target``."""
    if len(shape) > len(target):
        return False
    for s, t in zip(reversed(shape), reversed(target)):
        if s != t and s != 1:
            return False
    return True


def _user_backward(cls):
    fn = cls.__dict__.get("_resolved_backward")
    if fn is None:
        backward = getattr(cls, "backward")
        vjp = getattr(cls, "vjp")
        if _overrides(cls, "backward"):
            fn = backward
        elif _overrides(cls, "vjp"):
            fn = vjp
        else:
            raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                      "autograd.Function to use it with backward mode AD.")
        cls._resolved_backward = fn
    return fn


def _overrides(cls, name):
    return getattr(cls, name) is not getattr(Function, name)


class FunctionMeta(type):
    """Makes, for every Function subclass, its node class ``<Name>Backward``."""

    def __init__(cls, name, bases, attrs):
        super().__init__(name, bases, attrs)
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,), {
            "_forward_cls": cls, "__module__": cls.__module__,
            # what %explain shows as this node's rule
            "explain": f"input grads = {name}.backward(ctx, *output grads)   (a custom autograd.Function)"})


class Function(metaclass=FunctionMeta):
    """Base class of user-defined differentiable operations; use ``MyFn.apply(...)``."""

    def __init__(self, *args, **kwargs):
        warnings.warn(f"{type(self)} should not be instantiated. Methods on autograd functions are all static, "
                      f"so you should invoke them on the class itself. Instantiating an autograd function will "
                      f"raise an error in a future version of PyTorch.", DeprecationWarning, stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise RuntimeError("Legacy autograd function with non-static forward method is deprecated. Please use "
                           "new-style autograd function with static forward method. (Example: "
                           "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

    @staticmethod
    def forward(*args, **kwargs):
        """``forward(ctx, *args)``, or ``forward(*args)`` together with ``setup_context``."""
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Optional: fill ``ctx`` from the inputs and output when ``forward`` takes no ctx."""
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        """One gradient per forward input (None where there is none)."""
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    vjp = backward

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run ``forward`` on the arguments and link a ``<Name>Backward`` node when grad is needed;
        inside a forward-AD dual level, the outputs' tangents come from the Function's ``jvp``."""
        if TRANSFORMS[0] and not _overrides(cls, "setup_context"):
            raise RuntimeError("In order to use an autograd.Function with functorch transforms (vmap, grad, jvp, "
                               "jacrev, ...), it must override the setup_context staticmethod. For more details, "
                               "please see https://pytorch.org/docs/main/notes/extending.func.html")
        tangents = _input_tangents(args) if _node.TANGENT_HOOK[0] is not None else None
        if tangents is None:
            return cls._apply(args, kwargs)
        if getattr(cls, "jvp", None) is None:
            raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it "
                                      "with forward mode AD.")
        hook = _node.TANGENT_HOOK[0]
        _node.TANGENT_HOOK[0] = None  # forward computes primals only (as torch's: its ops carry no tangents)
        try:
            ctx = []
            output = cls._apply(args, kwargs, ctx)
            _push_tangents(cls, ctx[0], output, tangents)
        finally:
            _node.TANGENT_HOOK[0] = hook
        return output

    @classmethod
    def _apply(cls, args, kwargs, made=None):
        setup = _overrides(cls, "setup_context")
        if setup:
            bound = inspect.signature(cls.forward).bind(*args, **kwargs)
            bound.apply_defaults()
            args, kwargs = bound.args, bound.kwargs
        elif kwargs:
            args, kwargs = _kwargs_as_inputs(cls.forward, args, kwargs)

        ctx = _blank_node(cls._backward_cls)
        if made is not None:
            made.append(ctx)
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        record = STATE.grad_enabled and any(ctx.needs_input_grad)
        if record:
            ctx._next = tuple([edge_of(a) for a in args if isinstance(a, Tensor)])
            ctx._seq = next(_seq_counter)
            ctx._input_meta = tuple([(a._data.shape, a._data.dtype) if isinstance(a, Tensor) else None
                                     for a in args])
            from ..node import _ANOMALY
            if _ANOMALY[0]:
                from ..anomaly import record_forward
                record_forward(ctx)

        prev = STATE.grad_enabled
        STATE.grad_enabled = False
        try:
            if setup:
                output = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, output)
            else:
                output = cls.forward(ctx, *args, **kwargs)
        finally:
            STATE.grad_enabled = prev

        if not record:
            for t in ctx._dirty:
                t._bump_version()
            return output
        return _link_outputs(ctx, args, output)


def _input_tangents(args):
    """Each input's tangent for ``jvp`` (a tensor input without one: zeros, as torch's; anything
    else: None), or None when no input carries a tangent (forward AD is not involved)."""
    found = False
    out = []
    for a in args:
        fw = getattr(a, "_fw", None) if isinstance(a, Tensor) else None
        if fw is not None:
            found = True
            out.append(fw)
        elif isinstance(a, Tensor) and a._data.dtype.kind == "f":
            out.append(Tensor._wrap(np.zeros_like(a._data)))
        else:
            out.append(None)
    return out if found else None


def _push_tangents(cls, ctx, output, tangents):
    """Give the outputs the tangents ``cls.jvp(ctx, *input tangents)`` returns (torch's checks)."""
    from .forward_jvp import set_tangent

    # in jvp, ctx.saved_tensors are what save_for_forward kept (what backward will read is put back after)
    saved, versions = ctx._saved, ctx._versions
    Node.save_for_backward(ctx, *ctx.__dict__.get("_saved_fw", ()))
    try:
        result = cls.jvp(ctx, *tangents)
    finally:
        ctx._saved, ctx._versions = saved, versions
    outs = output if type(output) is tuple else (output,)
    results = result if type(result) is tuple else (result,)
    if len(results) != len(outs):
        raise RuntimeError(f"Function's jvp returned an invalid number of forward gradients (expected {len(outs)} "
                           f"but got {len(results)})")
    for i, (o, t) in enumerate(zip(outs, results)):
        if not isinstance(o, Tensor) or o._data.dtype.kind != "f" or any(o is n for n in ctx._non_diff):
            continue
        if t is None:
            raise RuntimeError("Expected both tensor and its forward grad to be floating point or complex")
        if not isinstance(t, Tensor):
            raise RuntimeError(f"expected Variable or None (got {type(t).__name__}) for grad output {i}.")
        if t._data.shape != o._data.shape:
            raise RuntimeError(f"Trying to set a forward gradient that has a different size than that of the "
                               f"original Tensor, this is not supported. Tensor is of size {list(o.shape)} while "
                               f"the given forward gradient is of size {list(t.shape)}.")
        if t._data.dtype.kind != "f":
            raise RuntimeError("Expected both tensor and its forward grad to be floating point or complex")
        set_tangent(o, t)


def _kwargs_as_inputs(forward, args, kwargs):
    """Keyword arguments that name forward's positional parameters become positional inputs, as in torch."""
    params = list(inspect.signature(forward).parameters.values())[1:]  # after ctx
    args = list(args)
    kwargs = dict(kwargs)
    for i in range(len(args), len(params)):
        p = params[i]
        if not kwargs or p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            break
        if p.name not in kwargs:
            raise TypeError(f"forward() missing required argument: '{p.name}' (position {i})")
        args.append(kwargs.pop(p.name))
    return tuple(args), kwargs


def _link_outputs(ctx, args, output):
    """Make forward's tensor outputs the outputs of node ``ctx`` (torch's _wrap_outputs)."""
    is_tuple = type(output) is tuple
    outs = output if is_tuple else (output,)
    dirty = ctx._dirty
    non_diff = ctx._non_diff
    inputs = [a for a in args if isinstance(a, Tensor)]
    for t in dirty:
        if not any(t is o for o in outs):
            raise RuntimeError("Some elements marked as dirty during the forward method were not returned as "
                               "output. The inputs that are modified inplace must all be outputs of the Function.")
    linked = []
    metas = []
    for i, o in enumerate(outs):
        if not isinstance(o, Tensor):
            linked.append(o)
            metas.append(None)
            continue
        metas.append((o._data.shape, o._data.dtype))
        if any(o is t for t in non_diff) or o._data.dtype.kind != "f":
            linked.append(o)  # non-differentiable: no history, receives zeros in backward
            continue
        if any(o is t for t in dirty):
            if o._grad_fn is None and o._requires_grad:
                raise RuntimeError("a leaf Variable that requires grad has been used in an in-place operation.")
            o._bump_version()
            t = o
        elif any(o is a for a in inputs) or o._grad_fn is not None or o._requires_grad:
            # an input returned as it is: the output is a new tensor over the same memory
            t = _new(Tensor)
            t._data = o._data
            t._grad = t._accum = t._extra = None
            t._vc = o._shared_vc()
        else:
            t = o
        t._grad_fn = ctx
        t._output_nr = i
        t._requires_grad = True
        linked.append(t)
    ctx._outs = tuple(metas)
    # ids, not the tensors: the node must not keep its outputs alive (a saved one is alive anyway)
    ctx._own_outputs = frozenset(id(t) for t in linked if isinstance(t, Tensor) and t._grad_fn is ctx)
    if dirty and ctx._saved:
        # the version bump of mark_dirty is the function's own: saved dirty tensors stay valid
        Node.save_for_backward(ctx, *ctx._saved)
    return tuple(linked) if is_tuple else linked[0]


# -- once_differentiable ------------------------------------------------------------------

class DelayedError(Node):
    """grad_fn of what a ``@once_differentiable`` backward returns: differentiating it raises."""

    explain = "raises: the backward it belongs to is marked @once_differentiable"
    zero_missing_grads = False  # its outputs may include non-tensors; it raises anyway
    cpp_name = True  # name() is torch::autograd::Error; printed as <Error>

    def backward(ctx, *grads):
        raise RuntimeError("trying to differentiate twice a function that was marked with @once_differentiable")


DelayedError.__name__ = DelayedError.__qualname__ = "Error"  # torch's name for this node


def once_differentiable(fn):
    """Decorate a Function's backward that is not itself differentiable (it runs under no_grad)."""

    @functools.wraps(fn)
    def wrapper(ctx, *args):
        prev = STATE.grad_enabled
        STATE.grad_enabled = False
        try:
            outputs = fn(ctx, *args)
        finally:
            STATE.grad_enabled = prev
        if not prev or not any(isinstance(a, Tensor) and a._requires_grad for a in args):
            return outputs
        single = not isinstance(outputs, tuple)
        outs = (outputs,) if single else outputs
        node = _blank_node(DelayedError)
        node._next = tuple([_NO_EDGE for _ in outs])  # torch's leads to detached copies: nowhere
        node._seq = next(_seq_counter)
        node._outs = tuple([(o._data.shape, o._data.dtype) if isinstance(o, Tensor) else None for o in outs])
        linked = []
        for i, o in enumerate(outs):
            if isinstance(o, Tensor):
                o = Tensor._make(o._data, node, i)
            linked.append(o)
        return linked[0] if single else tuple(linked)

    return wrapper

