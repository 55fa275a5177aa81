"""Matrix products: mm, mv, dot, bmm, and matmul/@ composed from them as torch does."""

import numpy as np

from .. import dtypes as _dt
from ..limits import check_numel
from ..node import NULL_CTX, Node
from ..tensor import Tensor as _Tensor
from .checks import check
from .support import as_tensor, broadcast_error

_C_NAMES = _dt.C_NAMES
_PRETTY = _dt.SCALAR_NAMES


def _same_dtype(a, b, what):
    if a.dtype is not b.dtype:
        na, nb = a.dtype.name, b.dtype.name
        if what == "dot":
            raise RuntimeError(f"dot : expected both vectors to have same dtype, but found {_PRETTY[na]} and "
                               f"{_PRETTY[nb]}")
        if what == "bmm":
            raise RuntimeError(f"expected scalar type {_PRETTY[na]} but found {_PRETTY[nb]}")
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: {_C_NAMES[na]} != {_C_NAMES[nb]}")


def _bilinear(first, second):
    """The forward rule of a product linear in each factor: ``t_a ∘ b + a ∘ t_b`` (torch's derivatives.yaml
    for mm/mv/dot/bmm), ``first(t_a, b)``/``second(a, t_b)`` taking only the factors that carry a tangent.
    The factors are read from the recorded node (each saved where the other factor needs a gradient)."""
    def jvp(ctx, t_a, t_b):
        a, b = ctx.saved_tensors
        out = first(t_a, b) if t_a is not None else None
        if t_b is not None:
            term = second(a, t_b)
            out = term if out is None else out + term
        return out
    return staticmethod(jvp)


_wrap = _Tensor._wrap


def _signed_zeros(A, B, r):
    """torch's gemm with one column in self and one row in mat2 is the outer product itself, signed
    zeros included (numpy's adds it to +0.0: x @ [[-0.0]] would lose the sign of zero)."""
    if A.shape[1] == 1 and r.dtype.kind == "f" and r.size:
        return A * B
    return r


class MmBackward0(Node):
    explain = "grad_self = grad @ mat2ᵀ;  grad_mat2 = selfᵀ @ grad"
    jvp_explain = "tangent = t_self @ mat2 + self @ t_mat2"
    jvp = _bilinear(lambda t, b: t.mm(b), lambda a, t: a.mm(t))
    checks = (check(lambda a, b: a.mm(b), (2, 3), (3, 4)),
              check(lambda a, b: a @ b, (3, 3), (3, 2), label="@"))

    def forward(ctx, a, b):
        A, B = a._data, b._data
        if A.ndim != 2:
            raise RuntimeError("self must be a matrix")
        if B.ndim != 2:
            raise RuntimeError("mat2 must be a matrix")
        if A.shape[1] != B.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({A.shape[0]}x{A.shape[1]} and "
                               f"{B.shape[0]}x{B.shape[1]})")
        if A.dtype != B.dtype or (A.dtype.metadata is None) != (B.dtype.metadata is None):
            _same_dtype(a, b, "mm")
        if A.dtype.kind == "b" and A.size and B.size:  # no kernel runs when a factor is empty
            raise NotImplementedError("\"addmm_impl_cpu_\" not implemented for 'Bool'")
        if ctx is not NULL_CTX:  # grad_self needs mat2, grad_mat2 needs self
            ctx.save_for_backward(a if ctx.should_compute(1) else None, b if ctx.should_compute(0) else None)
        return _signed_zeros(A, B, A @ B)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        ga = grad.mm(b.t()) if ctx.should_compute(0) else None
        gb = a.t().mm(grad) if ctx.should_compute(1) else None
        return ga, gb

    def array_backward(ctx, g):
        """The same rule on arrays when nothing is recorded: the same two products (``b.t()`` is
        ``b.T``), without the four dispatches (two transposes, two mm) of the engine form."""
        a, b = ctx._saved
        nx = ctx._next
        ga = gb = None
        if nx[0][0] is not None:
            B = b._data
            if B.dtype != g.dtype:
                return NotImplemented  # (the engine form says what torch says)
            ga = _wrap(g @ B.T)
        if nx[1][0] is not None:
            A = a._data
            if A.dtype != g.dtype:
                return NotImplemented
            gb = _wrap(A.T @ g)
        return [ga, gb]


class MvBackward0(Node):
    explain = "grad_self = outer(grad, vec);  grad_vec = selfᵀ @ grad"
    jvp_explain = "tangent = t_self @ vec + self @ t_vec"
    jvp = _bilinear(lambda t, v: t.mv(v), lambda a, t: a.mv(t))
    checks = (check(lambda a, v: a.mv(v), (2, 3), (3,)),)

    def forward(ctx, a, v):
        A, V = a._data, v._data
        if A.ndim == 0:  # torch sizes its result from mat.size(0) first
            raise IndexError("Dimension specified as 0 but tensor has no dimensions")
        if A.ndim != 2 or V.ndim != 1:
            raise RuntimeError(f"vector + matrix @ vector expected, got 1, {A.ndim}, {V.ndim}")
        if A.shape[1] != V.shape[0]:
            raise RuntimeError(f"size mismatch, got input ({A.shape[0]}), mat ({A.shape[0]}x{A.shape[1]}), "
                               f"vec ({V.shape[0]})")
        if a.dtype is not v.dtype:
            na, nv = _PRETTY[a.dtype.name], _PRETTY[v.dtype.name]
            raise RuntimeError(f"addmv input tensors must have the same dtype, but got {nv}, {na}, and {nv}")
        if A.dtype.kind == "b" and A.size:  # no kernel runs when the matrix is empty
            raise NotImplementedError("\"addmv_impl_cpu\" not implemented for 'Bool'")
        ctx.save_for_backward(a, v)
        return A @ V

    def backward(ctx, grad):
        a, v = ctx.saved_tensors
        ga = grad.unsqueeze(1) * v if ctx.should_compute(0) else None
        gv = a.t().mv(grad) if ctx.should_compute(1) else None
        return ga, gv


class DotBackward0(Node):
    explain = "grad_self = grad * other;  grad_other = grad * self"
    jvp_explain = "tangent = t_self · other + self · t_other"
    jvp = _bilinear(lambda t, b: t.dot(b), lambda a, t: a.dot(t))
    checks = (check(lambda a, b: a.dot(b), (3,), (3,)),
              check(lambda a, b: a @ b, (4,), (4,), label="@"))

    def forward(ctx, a, b):
        A, B = a._data, b._data
        if A.ndim != 1 or B.ndim != 1:
            raise RuntimeError(f"1D tensors expected, but got {A.ndim}D and {B.ndim}D tensors")
        if A.shape[0] != B.shape[0]:
            raise RuntimeError(f"inconsistent tensor size, expected tensor [{A.shape[0]}] and src [{B.shape[0]}] "
                               f"to have the same number of elements, but got {A.shape[0]} and {B.shape[0]} "
                               f"elements respectively")
        _same_dtype(a, b, "dot")
        if A.dtype.kind == "b":
            raise NotImplementedError("\"dot\" not implemented for 'Bool'")
        ctx.save_for_backward(a, b)
        return np.asarray(np.dot(A, B))

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return grad * b, grad * a


class BmmBackward0(Node):
    explain = "grad_self = grad @ mat2ᵀ (per batch);  grad_mat2 = selfᵀ @ grad (per batch)"
    jvp_explain = "tangent = t_self @ mat2 + self @ t_mat2 (per batch)"
    jvp = _bilinear(lambda t, b: t.bmm(b), lambda a, t: a.bmm(t))
    checks = (check(lambda a, b: a.bmm(b), (2, 2, 3), (2, 3, 4)),)

    def forward(ctx, a, b):
        A, B = a._data, b._data
        if A.ndim != 3:
            raise RuntimeError("batch1 must be a 3D tensor")
        if B.ndim != 3:
            raise RuntimeError("batch2 must be a 3D tensor")
        if B.shape[0] != A.shape[0] or B.shape[1] != A.shape[2]:
            raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                               f"[{A.shape[0]}, {A.shape[2]}] but got: [{B.shape[0]}, {B.shape[1]}].")
        if A.dtype.kind == "b" and A.size and B.size:  # the kernel's dtype first, then the operands' match
            raise NotImplementedError("\"bmm\" not implemented for 'Bool'")
        _same_dtype(a, b, "bmm")
        ctx.save_for_backward(a, b)
        return np.matmul(A, B)

    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        ga = grad.bmm(b.transpose(1, 2)) if ctx.should_compute(0) else None
        gb = a.transpose(1, 2).bmm(grad) if ctx.should_compute(1) else None
        return ga, gb


# -- public functions ---------------------------------------------------------

def mm(input, mat2):
    """Matrix product of two 2-D tensors."""
    return MmBackward0.apply(input, mat2)


def mv(input, vec):
    """Matrix-vector product."""
    return MvBackward0.apply(input, vec)


def dot(input, other):
    """Dot product of two 1-D tensors."""
    return DotBackward0.apply(input, other)


def bmm(input, mat2):
    """Batched matrix product of two 3-D tensors."""
    return BmmBackward0.apply(input, mat2)


def outer(input, vec2):
    """Outer product of two vectors."""
    if input._data.ndim != 1 or vec2._data.ndim != 1:
        raise RuntimeError(f"outer: Expected 1-D argument self, but got {input._data.ndim}-D"
                           if input._data.ndim != 1 else
                           f"outer: Expected 1-D argument vec2, but got {vec2._data.ndim}-D")
    check_numel((input._data.shape[0], vec2._data.shape[0]))
    return input.reshape(-1, 1) * vec2


ger = outer


def matmul(input, other):
    """Matrix product with torch's rules for 1-D operands and broadcast batch dims (``@``).

    Composed as torch composes it (ATen's ``_matmul_impl``), so the graph has the
    same nodes: dot, mv, mm, a fold of the batch dims into one mm/mv when that
    needs no copy, otherwise expand + reshape + one bmm.
    """
    input = as_tensor(input)
    other = as_tensor(other)
    da, db = input._data.ndim, other._data.ndim
    if da == 0 or db == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are {da}D and {db}D")
    if da == 1 and db == 1:
        return dot(input, other)
    if da == 2 and db == 1:
        return mv(input, other)
    if da == 1 and db == 2:
        from .shape import SqueezeBackward4
        r = SqueezeBackward4.apply(mm(input.unsqueeze(0), other), dims=(0,))
        # torch squeezes the fresh product in place (squeeze_): the result is no view of anything
        if r._extra is not None:
            r._extra.pop("view", None)
            if not r._extra:
                r._extra = None
        r._vc = [1]  # (squeeze_ counted as its first write)
        return r
    if da == 2 and db == 2:
        return mm(input, other)
    if da == 3 and db == 3:
        # torch drops a batch dim of 1 from an operand that requires grad (its gradient then need not
        # be summed over an expanded batch); the product is folded into one mm below
        sa, sb = input._data.shape[0], other._data.shape[0]
        if sa == 1 and sb != 1 and input._requires_grad:
            return matmul(input.squeeze(0), other)
        if sb == 1 and sa != 1 and other._requires_grad:
            return matmul(input, other.squeeze(0))
    if _should_fold(input, other):
        return _folded_matmul(input, other)
    return _batched_matmul(input, other)


def _should_fold(t1, t2):
    """torch's rule: fold the larger operand's batch dims into rows when that costs no extra copy
    (or when the smaller operand requires grad, to keep its gradient small)."""
    larger_first = t1._data.ndim >= t2._data.ndim
    big = t1._data if larger_first else np.swapaxes(t2._data, -1, -2)
    small_dim = t2._data.ndim if larger_first else t1._data.ndim
    if not (big.ndim >= 3 and small_dim <= 2):
        return False
    if (t2 if larger_first else t1)._requires_grad:
        return True
    if t1._data.ndim == 2:
        return False
    if big.size == 0:
        return True
    shape, strides = big.shape, big.strides
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(big.ndim - 1))


def _folded_matmul(t1, t2):
    transpose = t2._data.ndim > t1._data.ndim
    if transpose:
        t1, t2 = t2.mT, (t1.t() if t1._data.ndim == 2 else t1)
    lead = t1._data.shape[:-1]
    folded = t1.reshape(int(np.prod(lead)), t1._data.shape[-1])  # (not -1: an empty t1 has no size to infer)
    if t2._data.ndim == 2:
        check_numel(lead + t2._data.shape[-1:])
        out = _unsafe_view(mm(folded, t2), lead + (t2._data.shape[-1],))
        return out.mT.contiguous() if transpose else out
    return _unsafe_view(mv(folded, t2), lead)


def _unsafe_view(t, shape):
    from .shape import UnsafeViewBackward0
    return UnsafeViewBackward0.apply(t, shape=tuple(shape))


def _batched_matmul(a, b):
    """The general case: broadcast the batch dims, then one bmm."""
    sa, sb = a._data.shape, b._data.shape
    n = sa[-2] if len(sa) > 1 else 1
    m1 = sa[-1]
    m2 = sb[-2] if len(sb) > 1 else sb[0]
    p = sb[-1] if len(sb) > 1 else 1
    try:
        batch = tuple(np.broadcast_shapes(sa[:-2], sb[:-2]))
    except ValueError:
        raise broadcast_error(sa[:-2], sb[:-2]) from None
    bsz = int(np.prod(batch)) if batch else 1
    if m2 != m1:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: [{bsz}, {m1}] but got: "
                           f"[{bsz}, {m2}].")
    check_numel(batch + (n, p))
    a3 = a.expand(batch + (n, m1)).reshape(bsz, n, m1)
    vector_rhs = len(sb) == 1
    if vector_rhs:
        b3 = b.expand(batch + (m2,)).reshape(bsz, m2).unsqueeze(2)
    else:
        b3 = b.expand(batch + (m2, p)).reshape(bsz, m2, p)
    shape = batch + ((n,) if len(sa) > 1 else ()) + ((p,) if len(sb) > 1 else ())
    out = bmm(a3, b3)
    return _unsafe_view(out.squeeze(-1) if vector_rhs else out, shape)
