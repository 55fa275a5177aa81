"""``torch.functional``: the module of torch's Python-level tensor functions.

Tutorials sometimes write ``import torch.functional as F`` (meaning ``torch.nn.functional``);
in torch that import works and ``F.max_pool2d`` fails only when reached, with
"module 'torch.functional' has no attribute 'max_pool2d'". The same happens here.
``broadcast_shapes`` lives here, as in torch; the other names are torch's own
functions (``torch.functional.einsum is torch.einsum``), looked up on first use so that
importing this module at start-up costs nothing.
"""

import operator as _operator

# torch.functional.__all__ without stft/istft (complex dtypes) and the low-rank samplers
__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes", "broadcast_tensors",
           "cartesian_prod", "block_diag", "cdist", "chain_matmul", "einsum", "lu", "norm", "meshgrid",
           "split", "tensordot", "unique", "unique_consecutive", "unravel_index"]


def broadcast_shapes(*shapes):
    """The shape tensors of these shapes broadcast to (``torch.Size``), checked as torch's
    ``_broadcast_shapes`` checks: shapes left to right, dimensions right to left, the first
    mismatch named with the common shape found so far."""
    from .tensor import Size

    shapes = tuple((s,) if _is_int(s) else s for s in shapes if s is not None)
    if not shapes:
        return Size([])
    for shape in shapes:
        if not isinstance(shape, (tuple, list)):
            raise RuntimeError("Input shapes should be of type ints, a tuple of ints, or a list of ints, "
                               f"got {shape}")
    common = [1] * max(len(shape) for shape in shapes)
    for index, shape in enumerate(shapes):
        for dim in range(-1, -1 - len(shape), -1):
            size = shape[dim]
            if size == common[dim]:
                continue
            if common[dim] == 1:
                if size < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[dim] = size
            if size == 1:
                continue
            if common[dim] != size:
                raise RuntimeError(f"Attempting to broadcast a dimension of length {size} at {dim}! "
                                   f"Mismatching argument at index {index} had {shape}; but expected shape "
                                   f"should be broadcastable to {common}")
    return Size(common)


def _is_int(value):
    if isinstance(value, bool):
        return True  # torch's IntLike admits bool (an int subclass)
    try:
        _operator.index(value)
    except TypeError:
        return False
    return not isinstance(value, (tuple, list))


def __getattr__(name):
    """The other names are torch's functions themselves."""
    if name in __all__:
        import sys
        return getattr(sys.modules[__package__], name)  # (the package is initialised by now)
    raise AttributeError(f"module 'torch.functional' has no attribute {name!r}")


def __dir__():
    return sorted(__all__)
