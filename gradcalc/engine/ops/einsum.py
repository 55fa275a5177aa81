"""einsum, composed from engine ops the way torch composes it.

torch has no einsum node: it takes diagonals for repeated subscripts, permutes
and unsqueezes every operand to one common order of dims (output dims first,
then the dims to contract), then contracts the operands left to right, each
pair with one batched matrix product (``bmm``) between permutes and reshapes.
Doing the same here gives the same graph (``ViewBackward0 <- PermuteBackward0 <-
ViewBackward0 <- BmmBackward0 ...``), gradients for every operand, and second
derivatives, since each step is a differentiable op of its own.
"""

import numpy as np

from ..limits import check_numel
from ..tensor import Tensor
from .support import as_tensor

_LETTERS = 26
_ELLIPSIS = 2 * _LETTERS  # the code of "..." among the labels 0..51


def _code(ch):
    """A subscript letter as a label code: 'A'..'Z' -> 0..25, 'a'..'z' -> 26..51 (torch's order)."""
    return ord(ch) - ord("A") if ch.isupper() else ord(ch) - ord("a") + _LETTERS


def _letter(code):
    return chr(ord("A") + code) if code < _LETTERS else chr(ord("a") + code - _LETTERS)


def _is_label(ch):
    return ch.isascii() and ch.isalpha()


def _parse_inputs(lhs, n_ops):
    labels = [[] for _ in range(n_ops)]
    cur = 0
    ell_seen = False
    i = 0
    while i < len(lhs):
        ch = lhs[i]
        if ch == " ":
            pass
        elif ch == ".":
            if ell_seen:
                raise RuntimeError(f"einsum(): found '.' for operand {cur} for which an ellipsis was already found")
            if not (i + 2 < len(lhs) and lhs[i + 1] == "." and lhs[i + 2] == "."):
                raise RuntimeError(f"einsum(): found '.' for operand {cur} that is not part of any ellipsis")
            i += 2
            labels[cur].append(_ELLIPSIS)
            ell_seen = True
        elif ch == ",":
            cur += 1
            if cur >= n_ops:
                raise RuntimeError("einsum(): fewer operands were provided than specified in the equation")
            ell_seen = False
        else:
            if not _is_label(ch):
                raise RuntimeError(f"einsum(): invalid subscript given at index {i} in the equation string, "
                                   f"subscripts must be in [a-zA-Z]")
            labels[cur].append(_code(ch))
        i += 1
    if cur != n_ops - 1:
        raise RuntimeError("einsum(): more operands were provided than specified in the equation")
    return labels


def _sublist_equation(args):
    """torch.einsum(op1, sublist1, op2, sublist2, ..., [out_sublist]) as an equation and operands."""
    def subs(sub):
        out = []
        for s in sub:
            if s is Ellipsis:
                out.append("...")
            elif isinstance(s, int) and 0 <= s < 2 * _LETTERS:
                out.append(_letter(s))
            else:
                raise ValueError(f"einsum(): expected subscript to be within the range [0, 52), but got {s}")
        return "".join(out)
    operands = list(args[0::2])
    subscripts = list(args[1::2])
    out = None
    if len(operands) > len(subscripts):
        # an odd number of arguments: the last one is the output sublist
        out = operands.pop()
        if isinstance(out, Tensor):
            raise ValueError("einsum(): must specify the equation string and at least one operand, or at least "
                             "one operand and its subscripts list")
    eq = ",".join(subs(s) for s in subscripts)
    if out is not None:
        eq += "->" + subs(out)
    return eq, operands


def einsum(*args):
    """Sum of products over the subscripts of ``equation`` (numpy/torch notation: 'ij,jk->ik').

    Implicit output (no ``->``): the subscripts that appear once, in alphabetical order
    (upper case first), after the ellipsis dims. A subscript repeated within one
    operand takes its diagonal; ``...`` broadcasts.
    """
    if len(args) < 2:
        raise ValueError("einsum(): must specify the equation string and at least one operand, or at least one "
                         "operand and its subscripts list")
    if isinstance(args[0], str):
        equation, operands = args[0], list(args[1:])
        if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
            operands = list(operands[0])
    else:
        equation, operands = _sublist_equation(args)
    operands = [as_tensor(o) for o in operands]
    if not operands:
        raise RuntimeError("einsum(): must provide at least one operand")
    return _einsum(equation, operands)


def _einsum(equation, operands):
    n_ops = len(operands)
    arrow = equation.find("->")
    lhs = equation if arrow < 0 else equation[:arrow]
    op_labels = _parse_inputs(lhs, n_ops)

    label_count = [0] * (2 * _LETTERS)
    ell_num_dim = 0
    for i, (op, labels) in enumerate(zip(operands, op_labels)):
        ndim = op._data.ndim
        n_labels = len(labels)
        has_ell = _ELLIPSIS in labels
        if has_ell:
            n_labels -= 1
            ell_num_dim = max(ell_num_dim, ndim - n_labels)
        for lab in labels:
            if lab != _ELLIPSIS:
                label_count[lab] += 1
        if (n_labels > ndim) if has_ell else (n_labels != ndim):
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({n_labels}) "
                + ("is more than the number of dimensions (" if has_ell
                   else "does not match the number of dimensions (")
                + f"{ndim}) for operand {i}" + ("" if has_ell else " and no ellipsis was given"))

    # the common order of dims: output dims first, then the dims to contract
    perm_index_of = [-1] * (2 * _LETTERS)
    perm_index = 0
    ell_index = 0
    ell_in_output = False
    if arrow < 0:
        perm_index = ell_num_dim
        ell_in_output = True
        for lab in range(2 * _LETTERS):
            if label_count[lab] == 1:
                perm_index_of[lab] = perm_index
                perm_index += 1
    else:
        rhs = equation[arrow + 2:]
        i = 0
        while i < len(rhs):
            ch = rhs[i]
            if ch == " ":
                pass
            elif ch == ".":
                if ell_in_output:
                    raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) was already found")
                if not (i + 2 < len(rhs) and rhs[i + 1] == "." and rhs[i + 2] == "."):
                    raise RuntimeError("einsum(): found '.' for output that is not part of any ellipsis (...)")
                i += 2
                ell_index = perm_index
                perm_index += ell_num_dim
                ell_in_output = True
            else:
                if not _is_label(ch):
                    raise RuntimeError(f"einsum(): invalid subscript given at index {len(lhs) + 2 + i} in the "
                                       f"equation string, subscripts must be in [a-zA-Z]")
                lab = _code(ch)
                if label_count[lab] == 0 or perm_index_of[lab] != -1:
                    why = (" appears more than once in the output" if perm_index_of[lab] > -1
                           else " does not appear in the equation for any input operand")
                    raise RuntimeError(f"einsum(): output subscript {ch}{why}")
                perm_index_of[lab] = perm_index
                perm_index += 1
            i += 1
    out_num_dim = perm_index
    if not ell_in_output:
        ell_index = perm_index
        perm_index += ell_num_dim
    for lab in range(2 * _LETTERS):
        if label_count[lab] > 0 and perm_index_of[lab] == -1:
            perm_index_of[lab] = perm_index
            perm_index += 1

    # diagonals for repeated subscripts, unsqueezes for missing ones, one permute per operand
    label_size = [1] * (2 * _LETTERS)
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * perm_index
    ops = []
    for i, (op, labels) in enumerate(zip(operands, op_labels)):
        permutation = [-1] * perm_index
        dim = 0
        for lab in labels:
            if lab == _ELLIPSIS:
                covered = op._data.ndim - (len(labels) - 1)
                for j in range(ell_num_dim - covered, ell_num_dim):
                    size = op._data.shape[dim]
                    if size != 1:
                        if ell_sizes[j] != 1 and ell_sizes[j] != size:
                            raise RuntimeError(
                                f"einsum(): dimension {dim} covered by ellipsis in operand {i}has size {size} which "
                                f"does not broadcast with previously seen ellipsis with size {ell_sizes[j]} for the "
                                f"respective dimension")
                        ell_sizes[j] = size
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[perm_index_of[lab]] == -1:
                size = op._data.shape[dim]
                if size != 1:
                    if label_size[lab] != 1 and label_size[lab] != size:
                        raise RuntimeError(f"einsum(): subscript {_letter(lab)} has size {size} for operand {i} which "
                                           f"does not broadcast with previously seen size {label_size[lab]}")
                    label_size[lab] = size
                    dim_counts[perm_index_of[lab]] += 1
                permutation[perm_index_of[lab]] = dim
                dim += 1
            else:
                prev = permutation[perm_index_of[lab]]
                if op._data.shape[dim] != op._data.shape[prev]:
                    raise RuntimeError(f"einsum(): subscript {_letter(lab)} is repeated for operand {i} but the sizes "
                                       f"don't match, {op._data.shape[dim]} != {op._data.shape[prev]}")
                op = op.diagonal(0, prev, dim).movedim(-1, prev)
        for k, val in enumerate(permutation):
            if val == -1:
                op = op.unsqueeze(dim)
                permutation[k] = dim
                dim += 1
        ops.append(op.permute(permutation))

    # contract left to right
    while len(ops) > 1:
        a, b = ops[0], ops[1]
        del ops[:2]
        sum_dims, a_sum, b_sum = [], [], []
        for dim in range(out_num_dim, perm_index):
            sa, sb = a._data.shape[dim], b._data.shape[dim]
            if sa != 1 and sb != 1:
                dim_counts[dim] -= 1
                if dim_counts[dim] == 1:
                    sum_dims.append(dim)
                    dim_counts[dim] = 0
            elif dim_counts[dim] == 1:
                if sa != 1:
                    a_sum.append(dim)
                    dim_counts[dim] = 0
                elif sb != 1:
                    b_sum.append(dim)
                    dim_counts[dim] = 0
        if a_sum:
            a = a.sum(tuple(a_sum), keepdim=True)
        if b_sum:
            b = b.sum(tuple(b_sum), keepdim=True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims, keepdim=True))

    result = ops[0]
    if perm_index - out_num_dim > 0:
        if n_ops > 1:
            return result.view(tuple(result._data.shape[:out_num_dim]))
        return result.sum(tuple(range(out_num_dim, perm_index)))
    return result


def _sumproduct_pair(left, right, sum_dims, keepdim):
    """``(left * right).sum(sum_dims)`` by permutes, reshapes and one bmm (operands have equal ranks)."""
    if not sum_dims:
        check_numel(np.broadcast_shapes(left._data.shape, right._data.shape))
        return left * right
    ndim = left._data.ndim
    summed = set(sum_dims)
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(ndim):
        sl = left._data.shape[i] != 1
        sr = right._data.shape[i] != 1
        if i in summed:
            if sl and sr:
                if left._data.shape[i] != right._data.shape[i]:
                    raise RuntimeError("non-broadcast dimensions must match")
                sum_size *= left._data.shape[i]
            elif sl:
                left = left.sum(i, keepdim=True)
            elif sr:
                right = right.sum(i, keepdim=True)
        elif sl and sr:
            if left._data.shape[i] != right._data.shape[i]:
                raise RuntimeError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left._data.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left._data.shape[i]
        else:
            ro.append(i)
            ro_size *= right._data.shape[i]
    out_size = ([left._data.shape[d] for d in lro] + [left._data.shape[d] for d in lo] + [1] * len(sum_dims)
                + [right._data.shape[d] for d in ro])
    lperm = lro + lo + list(sum_dims) + ro
    rperm = lro + list(sum_dims) + ro + lo
    operm = [0] * len(out_size)
    for pos, d in enumerate(lro + lo + list(sum_dims) + ro):
        operm[d] = pos
    check_numel(out_size)
    from .linalg import bmm
    lmat = left.permute(lperm).reshape(lro_size, lo_size, sum_size)
    rmat = right.permute(rperm).reshape(lro_size, sum_size, ro_size)
    result = bmm(lmat, rmat).view(tuple(out_size)).permute(operm)
    if not keepdim:
        result = result.view(tuple(s for i, s in enumerate(result._data.shape) if i not in summed))
    return result
