"""The bracketed body of a tensor's repr: summarisation, nesting, indentation, wrapping.

Mirrors the layout of torch's ``_tensor_str``:

* past ``threshold`` elements every dimension longer than ``2 * edgeitems`` is cut
  to its first and last ``edgeitems`` entries, with `` ...`` standing for the rest
  of a row and a ``...`` line for the rest of a higher dimension; only the shown
  elements are ever read or formatted, so a 10^8-element tensor prints at once;
* each nesting level is indented one more column, and the sub-tensors of a
  d-dimensional tensor are separated by ``d - 1`` newlines (blank lines between
  matrices of a 3-D tensor);
* a row wraps after as many elements as fit in ``linewidth`` at its indentation
  (an element takes its width plus ", "), continuing one column right of its ``[``.
"""

import math

import numpy as np

from .printing_numbers import format_elements
from .printing_options import OPTS

__all__ = ["array_body"]


def _edge_indices(n, edge):
    return np.concatenate((np.arange(edge), np.arange(n - edge, n)))


def _summarized(a, edge):
    """The shown part of ``a`` and, per dimension, whether it was cut in the middle."""
    cut = [n > 2 * edge for n in a.shape]
    if not any(cut):
        return a, cut
    index = np.ix_(*[_edge_indices(n, edge) if c else np.arange(n)
                     for n, c in zip(a.shape, cut)])
    return a[index], cut


def _elements_per_line(linewidth, indent, width):
    try:
        return max(1, math.floor((linewidth - indent) / (width + 2)))
    except (OverflowError, ValueError):  # linewidth=inf: never wrap
        return 1 << 62


def _layout(strs, shape, cut, edge, indent, width):
    ndim = len(shape)
    # Innermost rows first; a row sits at depth ndim - 1, i.e. indent + ndim - 1.
    row_indent = indent + ndim - 1
    per_line = _elements_per_line(OPTS.linewidth, row_indent, width)
    wrap = ",\n" + " " * (row_indent + 1)
    n = shape[-1]
    cut_row = cut is not None and cut[-1]
    parts = []
    for off in range(0, len(strs), n):
        items = strs[off:off + n]
        if cut_row:
            items.insert(edge, " ...")
        if len(items) <= per_line:
            parts.append("[" + ", ".join(items) + "]")
        else:
            lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
            parts.append("[" + wrap.join(lines) + "]")
    # Then fold outwards: at depth d the tensor has ndim - d dimensions.
    for depth in range(ndim - 2, -1, -1):
        k = shape[depth]
        sep = "," + "\n" * (ndim - depth - 1) + " " * (indent + depth + 1)
        cut_here = cut is not None and cut[depth]
        folded = []
        for off in range(0, len(parts), k):
            group = parts[off:off + k]
            if cut_here:
                group.insert(edge, "...")
            folded.append("[" + sep.join(group) + "]")
        parts = folded
    return parts[0]


def array_body(a, indent):
    """The text torch prints for a non-empty ndarray after a prefix ``indent`` columns wide.

    ``a`` holds the tensor's values in their own dtype (float16/32/64, complex, ints, bool).
    """
    if a.dtype.kind == "c":
        return _complex_body(a, indent)
    floating = a.dtype.kind == "f"
    if a.ndim == 0:
        strs, _ = format_elements([a.item()], floating)
        return strs[0]
    edge = OPTS.edgeitems
    cut = None
    if a.size > OPTS.threshold:
        edge = max(int(edge), 0)
        if not edge:
            return "[...]"  # torch shows nothing but the ellipsis (and a size= suffix)
        a, cut = _summarized(a, edge)
    strs, width = format_elements(a.ravel().tolist(), floating)
    return _layout(strs, a.shape, cut, edge, indent, width)


def _complex_body(a, indent):
    """torch's complex layout: the real and the imaginary parts are formatted apart (each with its
    own mode and width, from the shown elements), the real part padded, the imaginary part stripped
    and joined with its sign and a ``j``; a row wraps by the two widths + 1 (the ``j``) + 2."""
    edge = OPTS.edgeitems
    cut = None
    if a.ndim and a.size > OPTS.threshold:
        edge = max(int(edge), 0)
        if not edge:
            return "[...]"
        a, cut = _summarized(a, edge)
    re, re_width = format_elements(a.real.ravel().tolist(), True)
    im, im_width = format_elements(a.imag.ravel().tolist(), True)
    strs = []
    for r, i in zip(re, im):
        i = i.lstrip() + "j"
        strs.append(r + i if i[0] in "+-" else r + "+" + i)
    if a.ndim == 0:
        return strs[0]
    return _layout(strs, a.shape, cut, edge, indent, re_width + im_width + 1)
