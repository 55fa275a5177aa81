"""The gradcheck cases an op declares beside its forward and backward.

The test suite walks every op class and runs each of its ``check`` cases:
inputs are random float64 tensors of the given shapes (values drawn from
``[low, high]``), ``fn`` is called on them, and the analytic gradient (and, when
the op is twice differentiable, the second-order one) is compared with finite
differences. A case must exercise its op: the op's node must appear in the graph.
"""


class check:
    """One generated gradcheck case: ``fn(*inputs)`` with inputs of ``shapes``."""

    __slots__ = ("fn", "shapes", "low", "high", "second_order", "label", "eps", "atol")

    def __init__(self, fn, *shapes, low=-2.0, high=2.0, second_order=True, label=None, eps=1e-6, atol=1e-6):
        self.fn = fn
        self.shapes = shapes
        self.low = low
        self.high = high
        self.second_order = second_order
        self.label = label
        self.eps = eps  # finite-difference step; larger where the op computes in lower precision
        self.atol = atol

    def __repr__(self):
        return self.label or f"check({', '.join(map(str, self.shapes))})"
