"""Where torch has no forward-mode rule, its errors (and only there).

Two kinds, in torch's words:

- ``no_forward_ad("_cdist_forward")`` as a node class's ``jvp``: a differentiable op whose
  forward rule torch has not implemented (derivatives.yaml has a backward but no
  ``result:`` formula); forward mode (autograd/forward_jvp.push) raises it before the op runs.
- ``refuse_duals("aten::floor_divide", *inputs)`` in an op torch declares not
  differentiable (``not_implemented``): inside a dual level, an input carrying a tangent
  is refused.
"""

from .. import node
from ..tensor import Tensor

__all__ = ["no_forward_ad", "refuse_duals"]

_ISSUE = ("Please file an issue to PyTorch at https://github.com/pytorch/pytorch/issues/new?template=feature-request.yml "
          "so that we can prioritize its implementation")
_OR_PR = " or submit a PR adding the implementation to derivatives.yaml"  # (not said of in-place ops)


class no_forward_ad:  # noqa: N801 - used as a declaration, like a decorator
    """A node class's ``jvp`` where torch has none: calling it raises torch's error."""

    __slots__ = ("message", "error")

    def __init__(self, name, message=None, error=NotImplementedError):
        self.message = message or (f"Trying to use forward AD with {name} that does not support it because it has "
                                   f"not been implemented yet.\n{_ISSUE}{'.' if name.endswith('_') else _OR_PR}")
        self.error = error

    def refuse(self):
        raise self.error(self.message)

    def refuse_duals(self, *inputs):
        """Refuse before the op's own argument checks (as torch) when an input carries a tangent."""
        if node.TANGENT_HOOK[0] is not None and any(_dual(a) for a in inputs):
            self.refuse()

    def __call__(self, ctx, *tangents):
        self.refuse()


def _dual(a):
    return isinstance(a, Tensor) and (getattr(a, "_fw", None) is not None or a._extra is not None and "fwn" in a._extra)


def refuse_duals(what, *inputs):
    """Inside a dual level, torch's error for a dual input to an op it declares not differentiable."""
    if node.TANGENT_HOOK[0] is not None and any(_dual(a) for a in inputs):
        raise NotImplementedError(f"Trying to use forward AD with {what} that does not support it.")
