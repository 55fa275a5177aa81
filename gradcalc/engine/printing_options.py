"""Print options with torch's semantics: ``set_printoptions`` / ``get_printoptions``.

One module-level ``OPTS`` object holds the state; the formatter reads its
attributes directly on every print, so changing them takes effect at once.
"""

import contextlib

__all__ = ["OPTS", "set_printoptions", "get_printoptions", "printoptions"]


class PrintOptions:
    """The five knobs torch has. ``threshold`` may be ``inf`` (profile "full")."""

    __slots__ = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")

    def __init__(self):
        self.precision = 4
        self.threshold = 1000
        self.edgeitems = 3
        self.linewidth = 80
        self.sci_mode = None


OPTS = PrintOptions()

# profile name -> (precision, threshold, edgeitems, linewidth), as torch defines them.
_PROFILES = {
    "default": (4, 1000, 3, 80),
    "short": (2, 1000, 2, 80),
    "full": (4, float("inf"), 3, 80),
}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None):
    """torch.set_printoptions.

    As in torch, a profile is applied first and explicit arguments override it,
    an unknown profile name is silently ignored, and ``sci_mode`` is *always*
    assigned: any call that does not pass it resets it to None (automatic).
    """
    if profile is not None and profile in _PROFILES:
        OPTS.precision, OPTS.threshold, OPTS.edgeitems, OPTS.linewidth = _PROFILES[profile]
    if precision is not None:
        OPTS.precision = precision
    if threshold is not None:
        OPTS.threshold = threshold
    if edgeitems is not None:
        OPTS.edgeitems = edgeitems
    if linewidth is not None:
        OPTS.linewidth = linewidth
    OPTS.sci_mode = sci_mode


def get_printoptions():
    """The current options as a dict that ``set_printoptions(**d)`` accepts back."""
    return {
        "precision": OPTS.precision,
        "threshold": OPTS.threshold,
        "edgeitems": OPTS.edgeitems,
        "linewidth": OPTS.linewidth,
        "sci_mode": OPTS.sci_mode,
    }


@contextlib.contextmanager
def printoptions(**kwargs):
    """Temporarily change the print options (torch._tensor_str.printoptions)."""
    old = get_printoptions()
    set_printoptions(**kwargs)
    try:
        yield
    finally:
        set_printoptions(**old)
