"""``torch.autograd.Variable``: since torch 0.4 a Variable *is* a Tensor; the name remains.

``Variable(t, requires_grad=True)`` gives a new leaf sharing ``t``'s data (``t`` is left
as it was) and ``isinstance(x, Variable)`` is true of every tensor, as in torch.
"""

from ..tensor import Tensor

__all__ = ["Variable"]


class _VariableMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor)

    def __call__(cls, data=None, requires_grad=False, volatile=False):
        if data is None:
            from ..creation import tensor
            return tensor([])
        if not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        t = Tensor._wrap(data._data)
        if requires_grad:
            t.requires_grad_(True)
        return t

    def __repr__(cls):
        return "<class 'torch.autograd.variable.Variable'>"


class Variable(metaclass=_VariableMeta):
    """A Tensor (the old name)."""

    __slots__ = ()
