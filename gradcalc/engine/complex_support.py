"""What the engine's core does differently for complex tensors, in one place.

* **Forwards.** A pointwise row computes a complex input as it is (numpy's complex kernels)
  when torch's op supports complex, and refuses it with torch's words otherwise
  (``complex_forward``, called by ``support.floating`` only for complex arrays).
* **Backwards: torch's convention.** For a real loss L and a complex z = x + iy torch's
  gradient is dL/dx + i dL/dy (the conjugate Wirtinger derivative, times 2). For a
  holomorphic op f that is ``grad * conj(f'(z))``; the rules the table declares compute
  ``grad * f'(z)`` for real inputs, so for a complex gradient the engine runs a rule as
  ``conj(rule(conj(grad)))`` (``conj_sandwich``): the same rule, conjugated around. That is
  exact for every holomorphic or real-linear op (arithmetic, exp/log/trig, sums, matmul,
  shape ops, casts). The ops that are not holomorphic (abs, angle, conj, sgn, real/imag,
  view_as_real/complex, complex, polar, the FFTs) declare their own rules and are listed in
  ``OWN_RULES`` (a class) or ``SPECIAL_RULES`` (a row's class mapped to its complex rule).
Nothing here runs for real tensors: the backward pass looks only at a complex gradient.
"""

import numpy as np

__all__ = ["complex_forward", "complex_backward", "OWN_RULES", "SPECIAL_RULES", "REAL_LINEAR", "allow_forward"]

#: node classes whose own ``backward`` is written for complex gradients
OWN_RULES = set()
#: node class -> ``rule(node, grads_out)`` used when a gradient is complex
SPECIAL_RULES = {}
#: row classes whose rule is right for real inputs only (abs, sgn): forward mode derives their
#: complex tangent from the backward instead of applying the rule to it
NOT_HOLOMORPHIC = set()
#: node classes whose rule is linear with real coefficients (moves, sums, zero-fills): their rule
#: is its own conjugate, and run as written it keeps the zeros it fills +0 (a conjugation would
#: make their imaginary parts -0, which prints apart)
REAL_LINEAR = set()

# numpy functions (the rows' forwards) torch computes on complex inputs
_ALLOWED = {np.exp, np.log, np.sqrt, np.sin, np.cos, np.tan, np.tanh, np.sinh, np.cosh, np.reciprocal,
            np.log2, np.log10, np.log1p, np.expm1, np.arcsin, np.arccos, np.arctan, np.arcsinh, np.arccosh,
            np.arctanh, np.exp2}
# the rows' names by their numpy function, for torch's message when one refuses complex
_NAMES = {}
# torch's own words where its message is not the generic one
_MESSAGES = {
    "floor": "floor is not supported for complex inputs", "ceil": "ceil is not supported for complex inputs",
    "trunc": "trunc is not supported for complex inputs", "round": "round is not supported for complex inputs",
    "sign": "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.",
    "relu": "clamp is not supported for complex types",
}
_RUNTIME = {"deg2rad": "deg2rad is not supported for complex tensors.",
            "rad2deg": "rad2deg is not supported for complex tensors."}
_KERNELS = {"erf": "erf_vml_cpu", "erfc": "erfc_vml_cpu", "erfinv": "erfinv_vml_cpu", "lgamma": "lgamma_vml_cpu",
            "digamma": "digamma", "frac": "frac_cpu", "deg2rad": "deg2rad", "rad2deg": "rad2deg",
            "max_all": "max_all", "min_all": "min_all", "unique": "unique"}


def allow_forward(fn, name=None):
    """Let a row's numpy forward ``fn`` compute complex inputs (torch supports complex for it)."""
    _ALLOWED.add(fn)
    if name:
        _NAMES[fn] = name


def name_forward(fn, name):
    _NAMES.setdefault(fn, name)


def scalar_word(np_dtype):
    return "ComplexDouble" if np_dtype == np.complex128 else "ComplexFloat"


def not_implemented(name, np_dtype):
    """torch's NotImplementedError for an op without a complex kernel."""
    if name in _RUNTIME:
        return RuntimeError(_RUNTIME[name])
    msg = _MESSAGES.get(name)
    if msg is None:  # (a name ending in "!" is the kernel's own name)
        kernel = name[:-1] if name.endswith("!") else _KERNELS.get(name, name + "_cpu")
        msg = f"\"{kernel}\" not implemented for '{scalar_word(np_dtype)}'"
    return NotImplementedError(msg)


# binary rows' numpy functions on complex operands: torch's words (none of them has a complex kernel)
_BINARY = {"arctan2": "atan2", "fmod": "fmod", "hypot": "hypot", "copysign": "copysign"}
_BINARY_RUNTIME = {"fmax": "fmax not implemented for complex tensors.", "fmin": "fmin not implemented for complex tensors.",
                   "heaviside": "heaviside is not yet implemented for complex tensors."}


def binary_refusal(fn, operand):
    """Raise torch's error for a binary row given a complex operand."""
    name = getattr(fn, "__name__", "op").lstrip("_")
    if name in _BINARY_RUNTIME:
        raise RuntimeError(_BINARY_RUNTIME[name])
    raise not_implemented(_BINARY.get(name, name), operand.dtype)


def complex_forward(fn, d):
    """A row's forward on a complex array: numpy's complex kernel, or torch's refusal."""
    if fn in _ALLOWED:
        return fn(d)
    raise not_implemented(_name_of(fn), d.dtype)


def _name_of(fn):
    """The op's name for a row's forward: its table name, or the function's own (a row with parameters
    passes a lambda around its forward: the name is the forward's, ``_logit_forward`` -> logit)."""
    if fn in _NAMES:
        return _NAMES[fn]
    name = getattr(fn, "__name__", "op")
    if name == "<lambda>" and fn.__closure__:
        for cell in fn.__closure__:
            inner = cell.cell_contents
            if callable(inner) and getattr(inner, "__name__", "<lambda>") != "<lambda>":
                return _NAMES.get(inner) or _name_of(inner)
    for affix in ("_forward", "_array"):
        if name.endswith(affix):
            name = name[:-len(affix)]
    return name.strip("_")


def sandwiched(node):
    """Whether a complex gradient runs ``node``'s rule as conj(rule(conj(grad)))."""
    cls = type(node)
    return not (cls in SPECIAL_RULES or cls in OWN_RULES or cls in REAL_LINEAR)


def complex_backward(node, grads_out):
    """A node's backward for complex gradients (see the module docstring)."""
    cls = type(node)
    special = SPECIAL_RULES.get(cls)
    if special is not None:
        return special(node, grads_out)
    if cls in OWN_RULES or cls in REAL_LINEAR:
        return node.backward(*grads_out)
    conj = [g.conj_physical() if g is not None and g._data.dtype.kind == "c" else g for g in grads_out]
    r = node.backward(*conj)
    if type(r) is not tuple:
        return r.conj_physical() if r is not None and r._data.dtype.kind == "c" else r
    return tuple(g.conj_physical() if g is not None and g._data.dtype.kind == "c" else g for g in r)
