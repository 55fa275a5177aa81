"""Complex tensors' own ops: ``complex polar real imag view_as_real view_as_complex conj
conj_physical angle``, and complex ``sgn``'s rule, with torch's node names and rules. (``abs`` of a
complex tensor is the table's ``abs`` row: its rule, ``grad * sgn(self)``, is torch's for both.)

Each rule is torch's (``derivatives.yaml`` / ``FunctionsManual.cpp``) under its convention
for complex gradients (``complex_support.py``): the gradient of a real loss L with respect
to z = x + iy is dL/dx + i dL/dy. These ops are not holomorphic, so they are listed in
``complex_support.OWN_RULES``: the engine runs their rules as written. Their gradchecks go
from real to real (``view_as_complex`` in, ``view_as_real`` out), so finite differences on
the real and imaginary parts check every rule on the way.

``real``/``imag`` are torch's: ``select(view_as_real(z), -1, 0 or 1)``, views into the
complex tensor's memory (grad_fn ``SelectBackward0`` over ``ViewAsRealBackward0``).
``conj`` is torch's lazily conjugated view in what it shows (``is_conj()``, the values,
``ConjBackward0``) but holds conjugated values of its own: writing into it in place does not
write into the tensor it came from.
"""

import math

import numpy as np

from .. import dtypes as _dt
from ..complex_support import NOT_HOLOMORPHIC, OWN_RULES, REAL_LINEAR, SPECIAL_RULES, allow_forward, name_forward, not_implemented
from ..node import Node
from ..tensor import Tensor
from .checks import check
from .table_shape import shape_row

__all__ = ["complex", "polar", "real", "imag", "view_as_real", "view_as_complex", "conj", "conj_physical",
           "angle", "register"]

_SCALAR = _dt.ALL_SCALAR_NAMES


def _word(t):
    return _SCALAR[t.dtype.name]


def _as_real_array(a):
    """A complex array's (..., 2) float view: real and imaginary parts side by side, same memory."""
    half = a.itemsize // 2
    return np.lib.stride_tricks.as_strided(a.real, a.shape + (2,), a.strides + (half,))


def _as_complex_array(a):
    """A (..., 2) float array's complex view (same memory); the checks are view_as_complex's."""
    cdt = np.complex64 if a.dtype == np.float32 else np.complex128
    out = a.view(cdt)
    return out.reshape(out.shape[:-1])


def _check_as_complex(t):
    d = t._data
    if d.dtype not in (np.float32, np.float64):
        if d.dtype == np.float16:
            raise _dt.complex32_error()
        raise RuntimeError(f"view_as_complex is only supported for half, float and double tensors, but got a tensor "
                           f"of scalar type: {_word(t)}")
    if d.ndim == 0:
        raise RuntimeError("Input tensor must have one or more dimensions")
    if d.shape[-1] != 2:
        raise RuntimeError("Tensor must have a last dimension of size 2")
    item = d.itemsize
    if d.strides[-1] != item:
        raise RuntimeError("Tensor must have a last dimension with stride 1")
    if any((s // item) % 2 for s in d.strides[:-1]):
        raise RuntimeError("Tensor must have a stride divisible by 2 for all but last dimension")


VIEW_AS_REAL = shape_row("ViewAsRealBackward0", _as_real_array,
                         grad=lambda grad: view_as_complex(grad.contiguous()),
                         explain="grad_self = view_as_complex(grad)   (the pairs back to complex numbers)",
                         checks=(check(lambda x: view_as_real(view_as_complex(x) * 1), (3, 2)),))
VIEW_AS_COMPLEX = shape_row("ViewAsComplexBackward0", _as_complex_array,
                            grad=lambda grad: view_as_real(grad.contiguous()),
                            explain="grad_self = view_as_real(grad)   (each complex number as its (re, im) pair)",
                            checks=(check(lambda x: view_as_real(view_as_complex(x) * 1), (2, 3, 2)),))
ViewAsRealBackward0, ViewAsComplexBackward0 = VIEW_AS_REAL.node, VIEW_AS_COMPLEX.node
OWN_RULES.update((ViewAsRealBackward0, ViewAsComplexBackward0))


def view_as_real(input):
    """The complex tensor's values as a real tensor with a last dim of 2 (re, im): a view."""
    if input._data.dtype.kind != "c":
        raise RuntimeError("view_as_real is only supported for complex tensors")
    if _is_conj(input):
        raise RuntimeError("view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate "
                           "tensor so you can view it as real, use self.resolve_conj(); however, be warned that the "
                           "resulting tensor will NOT alias the original.")
    return ViewAsRealBackward0.apply(input)


def view_as_complex(input):
    """A real tensor with a last dim of 2 (re, im) as a complex tensor: a view."""
    _check_as_complex(input)
    return ViewAsComplexBackward0.apply(input)


def view_as_real_copy(input):
    """``view_as_real``, as a new tensor."""
    return view_as_real(input).clone()


def view_as_complex_copy(input):
    """``view_as_complex``, as a new tensor."""
    return view_as_complex(input).clone()


def real(input):
    """The real part: a view into the complex tensor (the tensor itself when it is real)."""
    if input._data.dtype.kind != "c":
        return input
    return view_as_real(_resolved(input)).select(-1, 0)


def imag(input):
    """The imaginary part: a view into the complex tensor."""
    if input._data.dtype.kind != "c":
        raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")
    return view_as_real(_resolved(input)).select(-1, 1)


def _is_conj(t):
    return bool(t._extra and t._extra.get("conj"))


def _resolved(t):
    # (a conj() result holds its conjugated values already: reading its parts needs no resolving)
    if _is_conj(t):
        return _plain_view(t)
    return t


def _plain_view(t):
    # the same values without the conj flag (torch's resolve_conj materialises them)
    return t.view(t.shape)


def _check_parts(re, im, name):
    if not isinstance(re, Tensor) or not isinstance(im, Tensor):
        bad = re if not isinstance(re, Tensor) else im
        arg, pos = ("real", 1) if not isinstance(re, Tensor) else ("imag", 2)
        if name == "polar":
            arg = "abs" if pos == 1 else "angle"
        raise TypeError(f"{name}(): argument '{arg}' (position {pos}) must be Tensor, not {type(bad).__name__}")
    dr, di = re._data.dtype, im._data.dtype
    if dr != di:
        raise RuntimeError(f"Expected object of scalar type {_word(re)} but got scalar type {_word(im)} for "
                           f"second argument")
    if dr not in (np.float32, np.float64):
        if dr == np.float16:
            raise _dt.complex32_error()
        raise RuntimeError(f"Expected both inputs to be Half, Float or Double tensors but got {_word(re)} and "
                           f"{_word(im)}")


def _broadcast(a, b):
    try:
        return np.broadcast_arrays(a, b)
    except ValueError:
        from .support import broadcast_error
        raise broadcast_error(a.shape, b.shape) from None


class ComplexBackward0(Node):
    explain = "grad_real = real(grad);  grad_imag = imag(grad)"
    broadcasting = True
    checks = (check(lambda x, y: view_as_real(complex(x, y)), (2, 3), (2, 3)),
              check(lambda x, y: view_as_real(complex(x, y)), (2, 3), (3,), label="broadcast"))

    def forward(ctx, re, im):
        a, b = _broadcast(re._data, im._data)
        cdt = np.complex64 if a.dtype == np.float32 else np.complex128
        out = np.empty(a.shape, cdt)
        out.real = a
        out.imag = b
        return out

    def backward(ctx, grad):
        return (real(grad) if ctx.should_compute(0) else None,
                imag(grad) if ctx.should_compute(1) else None)


class PolarBackward0(Node):
    explain = ("grad_abs = real(conj(grad) * sgn(result));  "
               "grad_angle = real(conj(grad) * i * result)   (result = abs * e^(i angle))")
    broadcasting = True
    saves_output = True
    checks = (check(lambda r, t: view_as_real(polar(r, t)), (2, 3), (2, 3), low=0.5, high=2.0),)

    def forward(ctx, r, theta):
        a, b = _broadcast(r._data, theta._data)
        cdt = np.complex64 if a.dtype == np.float32 else np.complex128
        out = np.empty(a.shape, cdt)
        out.real = a * np.cos(b)
        out.imag = a * np.sin(b)
        return out

    def backward(ctx, grad):
        result = ctx.result
        g = grad.conj_physical()
        return (real(g * sgn(result)) if ctx.should_compute(0) else None,
                real(g * (result * 1j)) if ctx.should_compute(1) else None)


class ConjBackward0(Node):
    explain = "grad_self = conj(grad)"
    is_view = False
    checks = (check(lambda x: view_as_real(conj(view_as_complex(x)).resolve_conj()), (3, 2)),)

    def forward(ctx, a):
        return np.conj(a._data)

    def backward(ctx, grad):
        return grad.conj_physical()


class ConjPhysicalBackward0(Node):
    explain = "grad_self = conj_physical(grad)"
    checks = (check(lambda x: view_as_real(conj_physical(view_as_complex(x))), (3, 2)),
              check(lambda x: conj_physical(x), (2, 3), label="real"))

    def forward(ctx, a):
        return np.conj(a._data) if a._data.dtype.kind == "c" else a._data.copy()

    def backward(ctx, grad):
        return conj_physical(grad) if grad._data.dtype.kind == "c" else grad


class AngleBackward0(Node):
    explain = "grad_self = grad * self / |self|^2 * i   (0 where self is 0; 0 for a real self)"
    checks = (check(lambda x: angle(view_as_complex(x)), (3, 2)),
              check(lambda x: angle(view_as_complex(x)) * view_as_complex(x).abs(), (3, 2),
                    label="with a complex abs (the abs row's rule on a complex input)"),
              check(lambda x: view_as_real(view_as_complex(x).sgn() * angle(view_as_complex(x))), (3, 2),
                    label="with a complex sgn (its complex rule)"),
              check(lambda x: angle(x), (2, 3), label="real"))

    def forward(ctx, a):
        d = a._data
        if d.dtype.kind == "c":
            ctx.save_for_backward(a)
            return np.angle(d)
        ctx.save_for_backward(None)
        if d.dtype.kind in "iub":
            d = d.astype(_dt.get_default_dtype().np)
        # torch: pi for a negative number, 0 otherwise, nan kept
        out = np.where(d < 0, np.array(math.pi, d.dtype), np.zeros((), d.dtype))
        return np.where(np.isnan(d), d, out).astype(d.dtype)

    def backward(ctx, grad):
        (z,) = ctx.saved_tensors
        if z is None:
            return Tensor._wrap(np.zeros(grad._data.shape, grad._data.dtype))
        from .masked import where
        denom = z.abs().pow(2)
        g = grad * z / denom * 1j
        return where(z == 0, Tensor._wrap(np.zeros((), z._data.dtype)), g)


OWN_RULES.update((ComplexBackward0, PolarBackward0, ConjBackward0, ConjPhysicalBackward0, AngleBackward0))


def complex(real, imag, *, out=None):
    """The complex tensor ``real + i * imag`` (both float32 or float64, broadcast)."""
    _check_parts(real, imag, "complex")
    return ComplexBackward0.apply(real, imag)


def polar(abs, angle, *, out=None):
    """The complex tensor ``abs * (cos(angle) + i sin(angle))``."""
    _check_parts(abs, angle, "polar")
    return PolarBackward0.apply(abs, angle)


def conj(input):
    """The complex conjugate (torch's lazily conjugated view: ``is_conj()`` is True); a real tensor itself."""
    if input._data.dtype.kind != "c":
        return input
    out = ConjBackward0.apply(input)
    if not _is_conj(input):
        if out._extra is None:
            out._extra = {}
        out._extra["conj"] = True
    return out


def conj_physical(input):
    """The complex conjugate, computed at once (a copy)."""
    if input._data.dtype.kind != "c":
        if input._data.dtype.kind == "b":
            return input.clone()
        return ConjPhysicalBackward0.apply(input) if input.requires_grad else input.clone()
    return ConjPhysicalBackward0.apply(input)


def conj_physical_(input):
    """Conjugate in place."""
    if input._data.dtype.kind == "c":
        from .inplace import write
        write(input, np.conj(input._data))
    return input


def angle(input):
    """The argument of each element in radians (of a real number: pi if negative, else 0)."""
    return AngleBackward0.apply(input)


def sgn(input):
    from .unary import sgn as _sgn
    return _sgn(input)


def _sgn_rule(node, grads_out):
    """torch's sgn_backward for a complex input: (g - sgn² conj(g)) / (2|z|), 0 where z is 0."""
    (grad,) = grads_out
    z = node.saved_tensors[0]
    result = node.result
    a = z.abs()
    from .masked import where
    g = (grad - (result * result) * grad.conj_physical()) / (a * 2.0)
    return where(a == 0, Tensor._wrap(np.zeros((), z._data.dtype)), g)


def _to_copy_rule(node, grads_out):
    (grad,) = grads_out
    dt = node.in_dtype
    if dt.category != _dt._COMPLEX:
        grad = real(grad)
    return grad.to(dt)


# ops torch refuses for complex inputs, with its words (the kernel's name, or its own message)
_REFUSED = (
    ("max min", lambda name, t, dim=None, *a, **k: not_implemented(name + "_all", t._data.dtype)
     if dim is None and "dim" not in k else RuntimeError(f"{name}(): does not support complex input")),
    ("amax amin", lambda name, t: not_implemented(name[1:] + "_values", t._data.dtype)),
    ("aminmax cummax cummin kthvalue remainder xlogy bincount",
     lambda name, t: not_implemented(name, t._data.dtype)),
    ("median nanmedian", lambda name, t: not_implemented("median", t._data.dtype)),
    ("unique", lambda name, t: not_implemented("unique!", t._data.dtype)),
    ("clamp clip clamp_min clamp_max", lambda name, t: NotImplementedError(
        "clamp is not supported for complex types")),
    ("maximum minimum", lambda name, t: RuntimeError(f"{name} not implemented for complex tensors.")),
    ("argmax argmin", lambda name, t, *a, **k: RuntimeError(f"{name}(): does not support complex input")),
    ("sort argsort msort", lambda name, t: RuntimeError(" Sort does not support complex dtypes on CPU")),
    ("topk", lambda name, t: RuntimeError(" topk does not support complex dtypes on CPU")),
    ("softmax log_softmax", lambda name, t: not_implemented(name + "_lastdim_kernel_impl!", t._data.dtype)),
    ("floor_divide", lambda name, t: not_implemented("div_floor", t._data.dtype)),
    ("heaviside", lambda name, t: RuntimeError("heaviside is not yet implemented for complex tensors.")),
)


def _via(name, fn, impl):
    """``fn``, but a complex input goes to ``impl(fn, input, ...)``."""
    def complex_aware(input, *args, **kw):
        if isinstance(input, Tensor) and input._data.dtype.kind == "c":
            return impl(fn, input, *args, **kw)
        return fn(input, *args, **kw)
    complex_aware.__name__ = complex_aware.__qualname__ = getattr(fn, "__name__", name)
    complex_aware.__doc__ = fn.__doc__
    complex_aware.__wrapped__ = fn
    return complex_aware


def _complex_var(var, z, *args, **kw):
    # torch's complex variance: the mean squared distance |z - mean|², the real and imaginary parts' sum
    return var(real(z), *args, **kw) + var(imag(z), *args, **kw)


def _complex_std(std, z, *args, **kw):
    from .statistics import var
    return _complex_var(var, z, *args, **kw).sqrt()


def _complex_vdot(vdot, a, b, *args, **kw):
    return vdot(conj_physical(a), b, *args, **kw)  # (vdot conjugates its first argument)


def _complex_norm(norm, z, *args, **kw):
    return norm(z.abs(), *args, **kw)  # every p-norm reads only the magnitudes


def _refusing(name, fn, make, operand=0):
    if fn is None:
        return None
    takes_args = make.__code__.co_argcount > 2

    def guarded(*args, **kw):
        input = args[operand] if len(args) > operand else kw.get("input")
        if isinstance(input, Tensor) and input._data.dtype.kind == "c":
            raise make(name, input, *args[operand + 1:], **kw) if takes_args else make(name, input)
        return fn(*args, **kw)
    guarded.__name__ = getattr(fn, "__name__", name)
    guarded.__qualname__ = guarded.__name__
    guarded.__doc__ = fn.__doc__
    guarded.__wrapped__ = fn
    return guarded


def refuse_inplace(functions, methods):
    """The in-place variants torch refuses for complex (installed after them)."""
    def make(name, t):
        return RuntimeError("In-place abs is not supported for complex tensors.")
    for table in (functions, methods):
        for name in ("abs_", "absolute_"):
            if name in table:
                table.replace(name, _refusing(name, table[name], make))


# hand-written nodes whose rule moves, sums or zero-fills the gradient (complex_support.REAL_LINEAR)
_REAL_LINEAR_NAMES = frozenset(
    "SliceBackward0 SelectBackward0 IndexBackward0 ConstantPadNdBackward0 CatBackward0 StackBackward0 "
    "SplitBackward0 SplitWithSizesBackward0 UnbindBackward0 SumBackward0 SumBackward1 MeanBackward0 "
    "MeanBackward1 RollBackward0 FlipBackward0 "
    "RepeatBackward0 AsStridedBackward0 DiagonalBackward0 DiagEmbedBackward0 TrilBackward0 TriuBackward0 "
    "CumsumBackward0 IndexSelectBackward0 GatherBackward0 NarrowBackward0 UnfoldBackward0 TakeBackward0 "
    "SqueezeBackward0 SqueezeBackward1 UnsqueezeBackward0 ViewBackward0 ExpandBackward0 PermuteBackward0 "
    "TransposeBackward0 TBackward0 CloneBackward0 ReshapeAliasBackward0 UnsafeViewBackward0 "
    "ChunkBackward0 TraceBackward0 DiagBackward0 ".split())


def _complex_caster(dtype):
    def cast(self, memory_format=None):
        return self.to(dtype)
    cast.__name__ = {"complex64": "cfloat", "complex128": "cdouble"}[dtype.name]
    cast.__doc__ = f"Convert to {dtype!r}."
    return cast


def _chalf(self, memory_format=None):
    """torch.complex32 is refused: numpy has no complex type with float16 parts."""
    raise _dt.complex32_error()


def register(functions, methods, properties, operators):
    """Install the complex ops, and tell the rows which of their forwards torch runs on complex."""
    from . import shape, unary
    for name, fn in (("complex", complex), ("polar", polar), ("view_as_real", view_as_real),
                     ("view_as_complex", view_as_complex), ("view_as_real_copy", view_as_real_copy),
                     ("view_as_complex_copy", view_as_complex_copy), ("real", real), ("imag", imag),
                     ("conj", conj), ("conj_physical", conj_physical), ("conj_physical_", conj_physical_),
                     ("angle", angle)):
        functions[name] = fn
    for name, fn in (("conj", conj), ("conj_physical", conj_physical), ("conj_physical_", conj_physical_),
                     ("angle", angle)):
        methods[name] = fn
    from .. import fft_stft
    for name in ("stft", "istft", "hann_window", "hamming_window", "blackman_window", "bartlett_window"):
        functions[name] = getattr(fft_stft, name)
    methods["stft"], methods["istft"] = fft_stft.stft, fft_stft.istft
    methods["cfloat"] = _complex_caster(_dt.complex64)
    methods["cdouble"] = _complex_caster(_dt.complex128)
    methods["chalf"] = _chalf
    properties["real"] = property(real)
    properties["imag"] = property(imag)
    # the rows whose forwards torch also runs on complex inputs (numpy's complex kernels)
    for r in unary.ROWS:
        compute = getattr(r.node, "_compute", None)
        direct = getattr(compute, "direct", None)
        if direct is not None and r.names:
            name_forward(direct, r.names[0])
            if r.names[0] in ("sigmoid", "rsqrt"):
                allow_forward(direct)
    for names, make in _REFUSED:
        for name in names.split():
            guarded = _refusing(name, functions.get(name), make)
            if guarded is not None:
                functions.replace(name, guarded)
            guarded = _refusing(name, methods.get(name), make)
            if guarded is not None:
                methods.replace(name, guarded)
    for name, impl in (("norm", _complex_norm), ("vdot", _complex_vdot)):
        for table in (functions, methods):
            if name in table:
                table.replace(name, _via(name, table[name], impl))
    floor_div = [m for n, m in _REFUSED if n == "floor_divide"][0]
    operators["__floordiv__"] = _refusing("floor_divide", operators["__floordiv__"], floor_div)
    operators["__rfloordiv__"] = _refusing("floor_divide", operators["__rfloordiv__"], floor_div)
    from ..node import OPS
    from .table import ROWS
    from .table_shape import ShapeRow
    REAL_LINEAR.update(r.node for r in ROWS if isinstance(r, ShapeRow) and r.node not in OWN_RULES)
    REAL_LINEAR.update(c for c in OPS if c.__name__ in _REAL_LINEAR_NAMES)
    SPECIAL_RULES[unary._SGN.node] = _sgn_rule
    NOT_HOLOMORPHIC.update((unary._SGN.node, unary.ABS.node))
    SPECIAL_RULES[shape.ToCopyBackward0] = _to_copy_rule
