"""torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp, vhp of a Python function.

Signatures, result nesting and errors are torch's (checked against real torch in
tests/golden/autograd.json). The nesting rule: a result indexed by the inputs is a
tuple exactly when ``inputs`` was a tuple, and one indexed by the outputs is a
tuple exactly when ``func`` returned a tuple; ``jacobian`` nests outputs outside,
inputs inside (``jac[i][j]`` has shape ``output_i.shape + input_j.shape``).

``jvp`` and ``hvp`` use the double-backward trick, as torch's do (the vector-Jacobian
product is linear in its vector, so differentiating it with respect to that vector gives
J·v); ``jacobian(strategy="forward-mode", vectorize=True)`` uses forward mode
(``forward_ad``: one JVP per input element, where torch vmaps them); the rest is reverse
mode (``autograd.grad``). ``vectorize=True`` gives the same values as torch's vmap path.
"""

import numpy as np

from ..backward import grad as _grad
from ..grad_mode import STATE, enable_grad, set_grad_enabled
from ..tensor import Tensor

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


# -- argument handling ------------------------------------------------------------------------

def _as_tuple(value, arg_name, fn_name):
    """(was it a tuple, the tensors as a tuple), with torch's error for anything but Tensors."""
    is_tuple = isinstance(value, tuple)
    values = value if is_tuple else (value,)
    for i, el in enumerate(values):
        if not isinstance(el, Tensor):
            where = f"the value at index {i}" if is_tuple else f"the given {arg_name}"
            raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors but "
                            f"{where} has type {type(el)}.")
    return is_tuple, values


def _unpack(result, to_unpack):
    """Undo _as_tuple on a (possibly doubly) nested result: ``to_unpack`` is one flag or (outer, inner)."""
    if isinstance(to_unpack, tuple):
        outer, inner = to_unpack
        if not inner:
            result = tuple(el[0] for el in result)
        if not outer:
            result = result[0]
    elif not to_unpack:
        result = result[0]
    return result


def _fresh(inputs, create_graph, need_graph):
    """New tensor objects for the inputs (so tensors the function captures are not confused with them).

    With create_graph, inputs that require grad stay connected to their history (a view);
    otherwise they are detached, and require grad when we need to differentiate w.r.t. them.
    """
    out = []
    for t in inputs:
        if create_graph and t.requires_grad:
            out.append(t.view_as(t))
        else:
            out.append(t.detach().requires_grad_(need_graph))
    return tuple(out)


def _finish(values, create_graph):
    """Results without history unless the caller asked for a graph (nested tuples allowed)."""
    if isinstance(values[0], Tensor):
        return values if create_graph else tuple(v.detach() for v in values)
    return tuple(_finish(v, create_graph) for v in values)


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but got {len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for i, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prefix = f"Entry {i} in " if is_other_tuple else ""
            raise RuntimeError(f"{prefix}v has invalid size: should be {el_other.size()} but got {el_v.size()}.")


def _check_requires_grad(tensors, kind, strict):
    """In strict mode, refuse results that do not depend on the inputs (torch's wording per stage)."""
    if not strict:
        return
    for i, t in enumerate(tensors):
        if t is None:
            raise RuntimeError(f"The output of the user-provided function is independent of input {i}. This is "
                               f"not allowed in strict mode.")
        if t.requires_grad:
            continue
        if kind == "hessian":
            raise RuntimeError(f"The hessian of the user-provided function with respect to input {i} is "
                               f"independent of the input. This is not allowed in strict mode. You should ensure "
                               f"that your function is thrice differentiable and that the hessian depends on the "
                               f"inputs.")
        if kind == "jacobian":
            raise RuntimeError(f"While computing the hessian, found that the jacobian of the user-provided function "
                               f"with respect to input {i} is independent of the input. This is not allowed in "
                               f"strict mode. You should ensure that your function is twice differentiable and "
                               f"that the jacobian depends on the inputs (this would be violated by a linear "
                               f"function for example).")
        if kind == "grad_inputs":
            raise RuntimeError(f"The gradient with respect to input {i} is independent of the inputs of the "
                               f"user-provided function. This is not allowed in strict mode.")
        raise RuntimeError(f"Output {i} of the user-provided function does not require gradients. The outputs "
                           f"must be computed in a differentiable manner from the input when running in strict "
                           f"mode.")


def _vjp_raw(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    """autograd.grad that skips outputs not requiring grad (None for every input when none does)."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    outs, gos = [], []
    for o, g in zip(outputs, grad_outputs):
        if o is not None and o.requires_grad:
            outs.append(o)
            gos.append(g)
    if not outs:
        return (None,) * len(inputs)
    return _grad(outs, inputs, gos, allow_unused=True, create_graph=create_graph, retain_graph=retain_graph)


_STAGE_ERRORS = {
    "back": "The output of the user-provided function is independent of input {i}. This is not allowed in "
            "strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the grad_outputs when "
                  "using the double backward trick to compute forward mode gradients. This is not allowed in "
                  "strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. This is not allowed "
                   "in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry {i} in the "
                         "grad_jacobian. This is not allowed in strict mode as it prevents from using the double "
                         "backward trick to replace forward mode AD.",
}


def _zeros_for_none(grads, refs, strict, create_graph, stage):
    """None gradients become zeros shaped like ``refs`` (or, in strict mode, torch's error for the stage)."""
    out = []
    for i, g in enumerate(grads):
        if g is None:
            if strict:
                raise RuntimeError(_STAGE_ERRORS[stage].format(i=i))
            g = _zeros_like(refs[i])
        elif strict and create_graph and not g.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(f"The {what} of the user-provided function is independent of input {i}. This is "
                               f"not allowed in strict mode when create_graph=True.")
        out.append(g)
    return tuple(out)


def _zeros_like(t):
    from ..creation import zeros_like
    return zeros_like(t)


def _grad_mode_for_result(create_graph):
    return set_grad_enabled(True if create_graph else STATE.grad_enabled)


# -- the API ----------------------------------------------------------------------------------

def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), vᵀ·J): the vector-Jacobian product at ``inputs``.

    ``v`` is shaped like the output(s); it may be omitted when func returns one
    single-element tensor.
    """
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _fresh(inputs, create_graph, need_graph=True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "vjp")
        _check_requires_grad(outputs, "outputs", strict)
        if v is not None:
            _, v = _as_tuple(v, "v", "vjp")
            v = _fresh(v, create_graph, need_graph=False)
            _validate_v(v, outputs, is_outputs_tuple)
        elif len(outputs) != 1 or outputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the user-provided function returns a single "
                               "Tensor with a single element.")
    with _grad_mode_for_result(create_graph):
        grads = _vjp_raw(outputs, inputs, v, create_graph=create_graph)
        result = _zeros_for_none(grads, inputs, strict, create_graph, "back")
    return _unpack(_finish(outputs, create_graph), is_outputs_tuple), \
        _unpack(_finish(result, create_graph), is_inputs_tuple)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), J·v): the Jacobian-vector product, by the double-backward trick.

    ``v`` is shaped like the input(s); it may be omitted for one single-element input.
    """
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _fresh(inputs, create_graph, need_graph=True)
        if v is not None:
            _, v = _as_tuple(v, "v", "jvp")
            v = _fresh(v, create_graph, need_graph=False)
            _validate_v(v, inputs, is_inputs_tuple)
        elif len(inputs) != 1 or inputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the input to the user-provided function is a "
                               "single Tensor with a single element.")
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jvp")
        _check_requires_grad(outputs, "outputs", strict)
        # u ↦ uᵀJ is linear in u, so its derivative w.r.t. u, applied to v, is J·v; u's value is irrelevant
        u = tuple(_zeros_like(o).requires_grad_(True) for o in outputs)
        grad_inputs = _vjp_raw(outputs, inputs, u, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict)
    if create_graph:
        with enable_grad():
            grads = _vjp_raw(grad_inputs, u, v, create_graph=True)
            result = _zeros_for_none(grads, outputs, strict, create_graph, "back_trick")
    else:
        grads = _vjp_raw(grad_inputs, u, v, create_graph=False)
        result = _zeros_for_none(grads, outputs, strict, create_graph, "back_trick")
    return _unpack(_finish(outputs, create_graph), is_outputs_tuple), \
        _unpack(_finish(result, create_graph), is_outputs_tuple)


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of ``func`` at ``inputs``: ``jac[i][j]`` has shape ``output_i.shape + input_j.shape``."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
                             'function has more outputs than inputs, "forward-mode" tends to be more performant. '
                             'Otherwise, prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError('torch.autograd.functional.jacobian: `create_graph=True` and '
                                      '`strategy="forward-mode"` are not supported together (yet). Please either '
                                      'set `create_graph=False` or `strategy="reverse-mode"`.')
        if strict:
            raise RuntimeError('torch.autograd.functional.jacobian: `strict=True` and `strategy="forward-mode"` '
                               'are not supported together (yet). Please either set `strict=False` or '
                               '`strategy="reverse-mode"`.')
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        if not vectorize:
            raise NotImplementedError("Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                                      "only implemented for `vectorize=True`.")
        return _jacobian_forward(func, inputs, is_inputs_tuple)
    if vectorize and strict:
        with enable_grad():
            _check_outputs_then_refuse_strict_vectorize(func, inputs, create_graph)
    return _jacobian(func, inputs, create_graph, strict)


def _jacobian_forward(func, inputs, is_inputs_tuple):
    """Forward mode, one column (one input element) at a time: ``func`` runs on dual tensors, the
    input that moves carrying a one-hot tangent (forward_ad; torch vmaps these JVPs, same values).
    Its nesting is torch's forward-mode one: lists where the reverse mode gives tuples."""
    from . import forward_ad as fwAD
    from ..creation import zeros
    from ..ops.shape import stack

    plain = tuple(t.detach() for t in inputs)
    if fwAD._current_level[0] >= 0:  # one dual level at a time: inside one, the reverse-mode values
        def tupled(*args):
            out = func(*args)
            return out if isinstance(out, tuple) else (out,)
        was_tuple = isinstance(func(*plain), tuple)
        return _unpack([list(row) for row in _jacobian(tupled, inputs, False, False)], (was_tuple, is_inputs_tuple))
    outputs, was_tuple = None, False
    columns = [[] for _ in inputs]   # per input: per element, the flat outputs' tangents
    with fwAD.dual_level():
        for j, x in enumerate(plain):
            n = x.numel()
            for k in range(n):
                basis = np.zeros(n, dtype=x._data.dtype)
                basis[k] = 1
                args = list(plain)
                args[j] = fwAD.make_dual(x, Tensor._wrap(basis.reshape(x._data.shape)))
                out = func(*args)
                was_tuple, outs = _as_tuple(out, "outputs of the user-provided function", "jacobian")
                pairs = [fwAD.unpack_dual(o) for o in outs]
                if outputs is None:
                    outputs = [p.detach() for p, _ in pairs]
                columns[j].append([None if t is None else t.detach() for _, t in pairs])
    if outputs is None:  # no input has an element
        out = func(*plain)
        was_tuple, outs = _as_tuple(out, "outputs of the user-provided function", "jacobian")
        outputs = [o.detach() for o in outs]
    jacobian = []
    for i, o in enumerate(outputs):
        row = []
        for j, x in enumerate(plain):
            shape = tuple(o.shape) + tuple(x.shape)
            if not columns[j] or o.numel() == 0:
                row.append(zeros(shape, dtype=o.dtype))
                continue
            cols = [c[i] if c[i] is not None else zeros(tuple(o.shape), dtype=o.dtype) for c in columns[j]]
            row.append(stack(cols, -1).reshape(shape))
        jacobian.append(row)
    return _unpack(jacobian, (was_tuple, is_inputs_tuple))


def _check_outputs_then_refuse_strict_vectorize(func, inputs, create_graph):
    """torch runs func and the strict output check before refusing strict with vectorize."""
    _, tupled = _as_tuple(inputs, "inputs", "jacobian")
    tupled = _fresh(tupled, create_graph, need_graph=True)
    outputs = func(*tupled)
    _, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jacobian")
    _check_requires_grad(outputs, "outputs", True)
    raise RuntimeError("torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are not supported "
                       "together. Please either set `strict=False` or `vectorize=False`.")


def _jacobian(func, inputs, create_graph, strict):
    """Reverse mode, one row (one output element) at a time."""
    from ..ops.shape import stack
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _fresh(inputs, create_graph, need_graph=True)
        outputs = func(*inputs)
        is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, "outputs", strict)
        jacobian = []
        for i, out in enumerate(outputs):
            rows = tuple([] for _ in inputs)
            flat = out.reshape(-1)
            for k in range(out.nelement()):
                vj = _vjp_raw((flat[k],), inputs, retain_graph=True, create_graph=create_graph)
                for j, (row, g, inp) in enumerate(zip(rows, vj, inputs)):
                    if g is not None:
                        if strict and create_graph and not g.requires_grad:
                            raise RuntimeError(f"The jacobian of the user-provided function is independent of "
                                               f"input {i}. This is not allowed in strict mode when "
                                               f"create_graph=True.")
                        row.append(g)
                    else:
                        if strict:
                            raise RuntimeError(f"Output {i} of the user-provided function is independent of "
                                               f"input {j}. This is not allowed in strict mode.")
                        row.append(_zeros_like(inp))
            jacobian.append(tuple(_stack_rows(stack, row, inp, out) for row, inp in zip(rows, inputs)))
        jacobian = _finish(tuple(jacobian), create_graph)
        return _unpack(jacobian, (is_outputs_tuple, is_inputs_tuple))


def _stack_rows(stack, rows, inp, out):
    shape = tuple(out.shape) + tuple(inp.shape)
    if not rows:  # an output with no elements
        from ..creation import zeros
        return zeros(shape, dtype=inp.dtype)
    return stack(rows, 0).view(shape)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """The Hessian of a scalar function: ``h[i][j]`` has shape ``input_i.shape + input_j.shape``."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def single_output(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, "outputs", strict)
        if is_out_tuple or not isinstance(out, Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should contain a single "
                               "element")
        return out.squeeze()

    def jac_func(*inp):
        if outer_jacobian_strategy == "forward-mode":
            inp = tuple(t.requires_grad_(True) for t in inp)
        jac = jacobian(single_output, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict, vectorize=vectorize,
                   strategy=outer_jacobian_strategy)
    return _unpack(res, (is_inputs_tuple, is_inputs_tuple))


def _scalar_function_parts(func, inputs, v, create_graph, strict, name):
    """Shared start of vhp/hvp: checked inputs, v, the scalar output and its gradient (with graph)."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", name)
    inputs = _fresh(inputs, create_graph, need_graph=True)
    if v is not None:
        _, v = _as_tuple(v, "v", name)
        v = _fresh(v, create_graph, need_graph=False)
        _validate_v(v, inputs, is_inputs_tuple)
    elif len(inputs) != 1 or inputs[0].nelement() != 1:
        raise RuntimeError("The vector v can only be None if the input to the user-provided function is a single "
                           "Tensor with a single element.")
    outputs = func(*inputs)
    is_outputs_tuple, outputs = _as_tuple(outputs, "outputs of the user-provided function", name)
    _check_requires_grad(outputs, "outputs", strict)
    if is_outputs_tuple or not isinstance(outputs[0], Tensor):
        raise RuntimeError(f"The function given to {name} should return a single Tensor")
    if outputs[0].nelement() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {name} should contain a single element")
    jac = _vjp_raw(outputs, inputs, create_graph=True)
    _check_requires_grad(jac, "jacobian", strict)
    return is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), vᵀ·H) for a scalar function: the vector-Hessian product."""
    with enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _scalar_function_parts(
            func, inputs, v, create_graph, strict, "vhp")
    with _grad_mode_for_result(create_graph):
        grads = _vjp_raw(jac, inputs, v, create_graph=create_graph)
        result = _zeros_for_none(grads, inputs, strict, create_graph, "double_back")
    return _unpack(_finish(outputs, create_graph), is_outputs_tuple), \
        _unpack(_finish(result, create_graph), is_inputs_tuple)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """(func(inputs), H·v) for a scalar function, by the double-backward trick."""
    with enable_grad():
        is_inputs_tuple, inputs, v, is_outputs_tuple, outputs, jac = _scalar_function_parts(
            func, inputs, v, create_graph, strict, "hvp")
        u = tuple(_zeros_like(t).requires_grad_(True) for t in inputs)
        double_back = _vjp_raw(jac, inputs, u, create_graph=True)
        _check_requires_grad(jac, "hessian", strict)
    with _grad_mode_for_result(create_graph):
        grads = _vjp_raw(double_back, u, v, create_graph=create_graph)
        result = _zeros_for_none(grads, inputs, strict, create_graph, "double_back_trick")
    return _unpack(_finish(outputs, create_graph), is_outputs_tuple), \
        _unpack(_finish(result, create_graph), is_inputs_tuple)
