"""Resource limits: the largest tensor a program may create.

Checked before allocating wherever a result can be much larger than its inputs
(creation functions, broadcasting, expand, repeat, matmul, cat), so a typo like
``ones(100000, 100000)`` is a clear error instead of an out-of-memory kill.
"""

DEFAULT_MAX_ELEMENTS = 2 ** 28

_max = [DEFAULT_MAX_ELEMENTS]


def set_max_elements(n):
    """Set the largest number of elements one tensor may have (None: the default)."""
    _max[0] = DEFAULT_MAX_ELEMENTS if n is None else int(n)


def get_max_elements():
    return _max[0]


class TensorTooLargeError(RuntimeError):
    """A tensor would exceed the element limit."""


def check_numel(shape):
    """Raise if a tensor of ``shape`` would exceed the element limit."""
    n = 1
    for d in shape:
        if d < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {d}: {list(shape)}")
        n *= d
    if n > _max[0]:
        raise TensorTooLargeError(
            f"a tensor of shape {tuple(shape)} would have {n:,} elements, more than the limit of "
            f"{_max[0]:,} (raise it with --max-elements)")
    return n
