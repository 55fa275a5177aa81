"""The op table: every op module, and the functions and Tensor methods built from them.

``FUNCTIONS`` is the torch-level namespace of ops (``torch.exp``), ``METHODS`` the
Tensor methods (``x.exp()``); ``install()`` puts methods and operators on Tensor.
The op classes themselves (forward beside backward) are listed in ``node.OPS``.
"""

import numpy as np

from ..tensor import Tensor
from . import activation, arithmetic, compare, indexing, inplace, linalg, reduction, shape, unary
from . import einsum, linear, losses, masked, nn_activations, scalar, statistics, structure  # noqa: F401
from . import conv, embedding, nn_losses, normalization, piecewise_activations, pooling, smooth_activations  # noqa: F401,E501
from . import ctc_loss, padding, rnn_packing  # noqa: F401
from . import upsample  # noqa: F401
from . import binary, special_functions, table as _table, ternary  # noqa: F401  (binary, special_functions: rows installed below)
from .registry import OpNames
from .support import operand

FUNCTIONS = OpNames("torch")  # a name bound twice to different functions is an error at import
METHODS = OpNames("Tensor")


def _export(module, names, method=True, function=True):
    for name in names.split():
        fn = getattr(module, name)
        if function:
            FUNCTIONS[name] = fn
        if method:
            METHODS[name] = fn


_export(arithmetic, "add sub rsub mul div true_divide floor_divide remainder neg negative pow square")
_export(arithmetic, "rsub", method=False)
_table.install(FUNCTIONS, METHODS)  # the declared rows (unary pointwise ops ...), with their in-place variants
_export(masked, "clamp clip clamp_min clamp_max maximum minimum")
_export(masked, "where", method=False)
_export(reduction, "sum mean prod max min norm")
_export(linalg, "mm mv dot bmm outer ger matmul")
_export(shape, "reshape view view_as reshape_as flatten unflatten squeeze unsqueeze transpose swapaxes swapdims t "
               "permute movedim expand expand_as broadcast_to clone contiguous unbind")
_export(shape, "cat concat concatenate stack", method=False)
_export(shape, "view expand_as view_as reshape_as expand contiguous", function=False)  # (Tensor.to: tensor_api)
_export(indexing, "select narrow gather scatter scatter_add index_put nonzero")
_export(inplace, "masked_fill")
_export(compare, "eq ne lt le gt ge greater greater_equal less less_equal not_equal bitwise_and bitwise_or "
                 "bitwise_xor bitwise_not logical_and logical_or logical_xor logical_not isnan isinf isfinite "
                 "isclose allclose equal any all argmax argmin count_nonzero")
_export(activation, "softmax log_softmax")
_export(statistics, "amax amin std var logsumexp cumsum cumprod")
_export(statistics, "std_mean var_mean", method=False)
_export(einsum, "einsum", method=False)
_export(structure, "split split_with_sizes chunk flip fliplr flipud roll tile index_select index_add tril triu diag "
                   "diagonal diag_embed trace")
_export(structure, "repeat", function=False)
_export(linear, "addmm")
_export(ternary, "addcmul addcdiv lerp")
for _n in ("view", "expand", "contiguous", "to", "view_as", "reshape_as", "expand_as"):
    FUNCTIONS.pop(_n, None)
FUNCTIONS["broadcast_to"] = shape.broadcast_to


# -- torch's argument parser: where a signature takes only Tensors, a number is refused ------
_TENSOR_ONLY = {"maximum": "other", "minimum": "other", "logical_and": "other", "logical_or": "other",
                "logical_xor": "other", "isclose": "other", "dot": "tensor", "matmul": "other", "mm": "mat2",
                "mv": "vec", "outer": "vec2", "bmm": "mat2", "nextafter": "other", "heaviside": "values",
                "dist": "other"}
_NO_NUMBER_FIRST = ("eq ne lt le gt ge greater greater_equal less less_equal not_equal").split()


def _not_tensor(name, arg, pos, value):
    return TypeError(f"{name}(): argument '{arg}' (position {pos}) must be Tensor, not {type(value).__name__}")


def _checked(name, fn, other_name):
    def function(input, other, *args, **kw):
        if not isinstance(input, Tensor):
            raise _not_tensor(name, "input", 1, input)
        if not isinstance(other, Tensor):
            raise _not_tensor(name, other_name, 2, other)
        return fn(input, other, *args, **kw)

    def method(self, other, *args, **kw):
        if not isinstance(other, Tensor):
            raise _not_tensor(name, other_name, 1, other)
        return fn(self, other, *args, **kw)
    function.__name__ = method.__name__ = name
    function.__doc__ = method.__doc__ = fn.__doc__
    return function, method


def _tensor_first(name, fn):
    def function(input, other, *args, **kw):
        if not isinstance(input, Tensor):
            raise TypeError(f"{name}() received an invalid combination of arguments - got "
                            f"({type(input).__name__}, {type(other).__name__}), but expected one of:\n"
                            f" * (Tensor input, Tensor other, *, Tensor out = None)\n"
                            f" * (Tensor input, Number other, *, Tensor out = None)\n")
        return fn(input, other, *args, **kw)
    function.__name__ = name
    function.__doc__ = fn.__doc__
    return function


_WRAPPED = set()
for _n, _arg in _TENSOR_ONLY.items():
    if _n in FUNCTIONS:
        _f, _m = _checked(_n, FUNCTIONS[_n], _arg)
        FUNCTIONS.replace(_n, _f)
        if _n in METHODS:
            METHODS.replace(_n, _m)
        _WRAPPED.add(_n)
for _n in _NO_NUMBER_FIRST:
    FUNCTIONS.replace(_n, _tensor_first(_n, FUNCTIONS[_n]))


def _where_method(self, condition, y):
    """``where(condition, self, y)``."""
    return masked.where(condition, self, y)


METHODS["where"] = _where_method

for _name, _dtype_name in (("float", "float32"), ("double", "float64"), ("half", "float16"), ("bfloat16", "bfloat16"),
                           ("int", "int32"),
                           ("long", "int64"), ("short", "int16"), ("bool", "bool"), ("byte", "uint8"),
                           ("char", "int8")):
    from .. import dtypes as _dt
    METHODS[_name] = shape._caster(_dt.BY_NAME[_dtype_name])


# -- in-place methods -----------------------------------------------------------
# torch writes these through an expanded (self-overlapping) tensor; the others refuse
_OVERLAP_OK = ("masked_fill_", "tril_", "triu_", "index_put_")
for _name, _fn in (("add_", arithmetic.add), ("sub_", arithmetic.sub), ("mul_", arithmetic.mul),
                   ("div_", arithmetic.div), ("pow_", arithmetic.pow), ("neg_", arithmetic.neg),
                   ("remainder_", arithmetic.remainder), ("square_", arithmetic.square),
                   ("clamp_", masked.clamp), ("clip_", masked.clamp), ("clamp_min_", masked.clamp_min),
                   ("clamp_max_", masked.clamp_max), ("masked_fill_", inplace.masked_fill),
                   ("scatter_", indexing.scatter), ("scatter_add_", indexing.scatter_add),
                   ("index_put_", indexing.index_put), ("cumsum_", statistics.cumsum),
                   ("cumprod_", statistics.cumprod), ("tril_", structure.tril), ("triu_", structure.triu),
                   ("index_add_", structure.index_add), ("addcmul_", ternary.addcmul),
                   ("addcdiv_", ternary.addcdiv), ("lerp_", ternary.lerp)):
    _fast = None
    if _name in ("add_", "sub_", "mul_", "div_"):
        import numpy as _np
        _fast = inplace._fast_binary({"add_": _np.add, "sub_": _np.subtract, "mul_": _np.multiply,
                                      "div_": _np.true_divide}[_name])
    METHODS[_name] = inplace.make_inplace(_name, _fn, _fast, overlap_ok=_name in _OVERLAP_OK)

inplace._INDEX_PUT_METHOD = METHODS["index_put_"]
METHODS.replace("index_put_", inplace.index_put_)  # its overlap checks wrap the generic method
METHODS["fill_"] = inplace.fill_
METHODS["zero_"] = inplace.zero_
METHODS["copy_"] = inplace.copy_


from ..random_sampling import TENSOR_METHODS as _RANDOM_METHODS  # noqa: E402
from . import random_ops  # noqa: E402,F401  (the samplers' nodes: NormalBackward0 ...)

METHODS.update(_RANDOM_METHODS)  # uniform_ normal_ random_ bernoulli_ ... (torch's draws)


# -- operators ------------------------------------------------------------------------

def _reflected(fn):
    def r(self, other):
        if isinstance(other, np.ndarray):
            return NotImplemented  # ``array + tensor`` is a TypeError in torch (numpy deferred to the tensor)
        return fn(operand(other), self)
    return r


def _cmp(fn):
    def op(self, other):
        if other is None or isinstance(other, str):
            return NotImplemented
        return fn(self, other)
    return op


def _iop(method_name):
    def op(self, other):
        return METHODS[method_name](self, other)
    return op


def _pos(self):
    return self


def _fast(op, general):
    """``x op other`` straight to the op class when ``other`` is a tensor or a plain number (an
    operand with an ``_extra`` may be torch's zero tensor: arithmetic.zero_tensor_rule)."""
    def dunder(self, other):
        c = other.__class__
        if c is Tensor or c is float or c is int:
            out = op.apply(self, other)
            if self._extra is not None or c is Tensor and other._extra is not None:
                return arithmetic.zero_tensor_rule(op, out, self, other)
            return out
        return general(self, other)
    dunder.__name__ = general.__name__
    return dunder


OPERATORS = {
    "__add__": _fast(arithmetic.AddBackward0, arithmetic.add), "__radd__": _fast(arithmetic.AddBackward0, _reflected(arithmetic.add)),
    "__sub__": _fast(arithmetic.SubBackward0, arithmetic.sub), "__rsub__": _reflected(lambda other, self: arithmetic.rsub(self, other)),
    "__mul__": _fast(arithmetic.MulBackward0, arithmetic.mul), "__rmul__": _fast(arithmetic.MulBackward0, _reflected(arithmetic.mul)),
    "__truediv__": _fast(arithmetic.DivBackward0, arithmetic.div), "__rtruediv__": arithmetic.rdiv,
    "__floordiv__": arithmetic.floor_divide, "__rfloordiv__": _reflected(arithmetic.floor_divide),
    "__mod__": arithmetic.remainder, "__rmod__": _reflected(arithmetic.remainder),
    "__pow__": arithmetic.pow, "__rpow__": _reflected(arithmetic.pow),
    "__matmul__": linalg.matmul, "__rmatmul__": _reflected(linalg.matmul),
    "__neg__": arithmetic.neg, "__pos__": _pos, "__abs__": unary.abs,
    "__invert__": compare.invert,
    "__and__": compare.bitwise_and, "__rand__": _reflected(compare.bitwise_and),
    "__or__": compare.bitwise_or, "__ror__": _reflected(compare.bitwise_or),
    "__xor__": compare.bitwise_xor, "__rxor__": _reflected(compare.bitwise_xor),
    "__eq__": _cmp(compare.eq), "__ne__": _cmp(compare.ne), "__lt__": _cmp(compare.lt),
    "__le__": _cmp(compare.le), "__gt__": _cmp(compare.gt), "__ge__": _cmp(compare.ge),
    "__getitem__": indexing.getitem, "__setitem__": inplace.setitem,
    "__iadd__": _iop("add_"), "__isub__": _iop("sub_"), "__imul__": _iop("mul_"),
    "__itruediv__": _iop("div_"), "__ipow__": _iop("pow_"), "__imod__": _iop("remainder_"),
}


def _T(self):
    """The tensor with its dims reversed."""
    return shape.T(self)


def _mT(self):
    """The last two dims swapped."""
    return shape.mT(self)


PROPERTIES = {"T": property(_T), "mT": property(_mT)}


from . import catalogue as _catalogue  # noqa: E402  (the ops of the wider catalogue, in their own modules)
_catalogue.register(FUNCTIONS, METHODS)
from .. import linalg_torch as _linalg_torch  # noqa: E402  (det, inverse, svd ... at torch level and as methods)
_linalg_torch.register(FUNCTIONS, METHODS)
from . import strided as _strided  # noqa: E402  (as_strided, resize_: views and resizes of the storage)
_strided.register(FUNCTIONS, METHODS)
from . import tensor_more as _tensor_more  # noqa: E402  (renorm, narrow_copy, histogram, gradient ...)
_tensor_more.register(FUNCTIONS, METHODS)
from .. import tensor_api as _tensor_api  # noqa: E402  (new_*, to/cpu/cuda, type, stride, data_ptr ...)
_tensor_api.register(FUNCTIONS, METHODS, PROPERTIES)
from . import native_kernels as _native_kernels  # noqa: E402  (native_layer_norm, native_dropout ... ATen's names)
_native_kernels.register(FUNCTIONS, METHODS)
from . import householder as _householder  # noqa: E402  (geqrf, orgqr, ormqr)
_householder.register(FUNCTIONS, METHODS)
from .histogramdd import histogramdd as _histogramdd  # noqa: E402
FUNCTIONS["histogramdd"] = _histogramdd
for _n, _arg in _TENSOR_ONLY.items():  # the ops the modules above declared (heaviside, dist ...)
    if _n not in _WRAPPED and _n in FUNCTIONS:
        _f, _m = _checked(_n, FUNCTIONS[_n], _arg)
        FUNCTIONS.replace(_n, _f)
        if _n in METHODS:
            METHODS.replace(_n, _m)
from . import complex_ops as _complex_ops  # noqa: E402  (complex, real/imag, view_as_real, conj, angle ...)
_complex_ops.register(FUNCTIONS, METHODS, PROPERTIES, OPERATORS)
from . import inplace_variants as _inplace_variants  # noqa: E402
_inplace_variants.complete(FUNCTIONS, METHODS)  # last: every op above gets torch's in-place variants
_complex_ops.refuse_inplace(FUNCTIONS, METHODS)  # (abs_ of a complex tensor: torch's refusal)


def install():
    for name, fn in METHODS.items():
        setattr(Tensor, name, fn)
    for name, fn in OPERATORS.items():
        setattr(Tensor, name, fn)
    for name, prop in PROPERTIES.items():
        setattr(Tensor, name, prop)


install()
