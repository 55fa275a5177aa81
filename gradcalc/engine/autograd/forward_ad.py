"""torch.autograd.forward_ad: dual tensors (a primal and its tangent) and the dual level they live in.

Inside ``with dual_level():``, ``make_dual(x, t)`` gives a tensor carrying tangent ``t``;
every op applied to it pushes the tangent forward (``forward_jvp``); ``unpack_dual(y)``
gives ``UnpackedDualTensor(primal, tangent)``. Leaving the level drops every tangent.
One level at a time through this API, as torch; ``torch.func.jvp`` nests levels
(``enter_transform_level``), each tangent tagged with the level it belongs to.
"""

from typing import NamedTuple

from .. import node as _node
from ..tensor import Tensor
from . import forward_jvp as _fj
from .forward_jvp import push, result_tangent, set_tangent_at, tangent_at

__all__ = ["UnpackedDualTensor", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual", "dual_level"]

# The top level (-1: none), and who opened each level: torch.func.jvp nests its levels (functorch's
# interpreter stack), the public API opens one only where none exists.
_current_level = [-1]
_opened_by = []

_NESTED_MSG = "Nested forward mode AD is not supported at the moment"


def enter_dual_level():
    """Enter a new forward grad level (only one at a time); returns it."""
    if _current_level[0] >= 0:
        raise RuntimeError(_NESTED_MSG)
    return _enter("user")


def _enter(who):
    level = _current_level[0] + 1
    _current_level[0] = level
    _opened_by.append(who)
    _fj.CEILING[0] = level
    _node.TANGENT_HOOK[0] = push
    _node.RESULT_TANGENT_HOOK[0] = result_tangent
    return level


def enter_transform_level():
    """The level a torch.func.jvp runs at: one above the jvps it runs inside. Inside a level the user
    entered (``with dual_level():``), torch refuses, as it does to nest those."""
    if "user" in _opened_by:
        raise RuntimeError(_NESTED_MSG)
    return _enter("transform")


def exit_dual_level(*, level=None):
    """Exit the forward grad level, deleting every tangent made in it."""
    if level is None:
        level = _current_level[0]
    if level != _current_level[0]:
        raise RuntimeError("Trying to exit a forward AD level that was not the last one that was created. This is "
                           "not supported.")
    _fj.drop_level(level)
    _opened_by.pop()
    _current_level[0] = level - 1
    _fj.CEILING[0] = level - 1
    if _current_level[0] < 0:
        _node.TANGENT_HOOK[0] = None
        _node.RESULT_TANGENT_HOOK[0] = None


def _alias_below(tensor, level):
    """An alias of ``tensor`` carrying its tangents below ``level`` (none at ``level`` or above)."""
    from ..ops.indexing import AliasBackward0
    hook, ceiling = _node.TANGENT_HOOK[0], _fj.CEILING[0]
    if level <= 0:
        _node.TANGENT_HOOK[0] = None
    _fj.CEILING[0] = level - 1
    try:
        return AliasBackward0.apply(tensor)
    finally:
        _node.TANGENT_HOOK[0] = hook
        _fj.CEILING[0] = ceiling


def make_dual(tensor, tangent, *, level=None):
    """A view of ``tensor`` carrying ``tangent`` as its forward gradient at ``level``."""
    if level is None:
        level = _current_level[0]
    if level < 0:
        raise RuntimeError("Trying to create a dual Tensor for forward AD but no level exists, make sure to "
                           "enter_dual_level() first.")
    if not (tensor.is_floating_point() or tensor.is_complex()):
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if not (tangent.is_floating_point() or tangent.is_complex()):
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    if tuple(tangent.shape) != tuple(tensor.shape):
        raise RuntimeError(f"Trying to set a forward gradient that has a different size than that of the original "
                           f"Tensor, this is not supported. Tensor is of size {list(tensor.shape)} while the given "
                           f"forward gradient is of size {list(tangent.shape)}.")
    dual = _alias_below(tensor, level)
    if tangent.dtype != tensor.dtype:
        tangent = tangent.to(tensor.dtype)
    set_tangent_at(dual, level, tangent)
    return dual


class UnpackedDualTensor(NamedTuple):
    """Namedtuple returned by :func:`unpack_dual`: the primal and tangent of a dual tensor."""

    primal: Tensor
    tangent: Tensor | None


def unpack_dual(tensor, *, level=None):
    """``UnpackedDualTensor(primal, tangent)``: a view of the primal (no tangent), and the tangent or None."""
    if level is None:
        level = _current_level[0]
    if level < 0:
        return UnpackedDualTensor(tensor, None)
    tangent = tangent_at(tensor, level)
    if tangent is None:
        return UnpackedDualTensor(tensor, None)
    return UnpackedDualTensor(_alias_below(tensor, level), tangent)


class dual_level:
    """Context manager for forward AD: tangents exist inside it and are deleted on exit."""

    def __enter__(self):
        return enter_dual_level()

    def __exit__(self, exc_type, exc_value, traceback):
        exit_dual_level()
        return False

    def __call__(self, fn):
        def wrapped(*args, **kwargs):
            with dual_level():
                return fn(*args, **kwargs)
        return wrapped
