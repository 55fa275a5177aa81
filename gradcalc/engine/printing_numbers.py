"""The text of each element, exactly as torch's ``_Formatter`` produces it.

torch decides how a tensor's numbers look from the elements that will be *shown*
(after summarisation) and formats each one as a Python float (a float16/float32
value converted exactly to double), so we work on the Python scalars that
``ndarray.tolist()`` gives for the shown elements:

* integer and bool dtypes: ``str(value)``, right-aligned to the widest;
* floating dtypes, looking only at the nonzero finite values:
  - "integer mode" when all of them are whole numbers: ``1.``, ``-0.``, ``nan``;
  - scientific mode when max/min of their magnitudes > 1000, or max > 1e8, or
    min < 1e-4 (unless ``sci_mode`` is forced): ``1.0000e+05``;
  - otherwise fixed point: ``{:.4f}``.
  The column width is the widest nonzero finite element; zeros, nan and inf are
  padded to it but never widen it (so ``tensor([nan, 1.])``). With no nonzero
  finite element at all torch keeps integer mode, no sci mode and width 1, even
  when sci_mode=True is forced.
"""

from .printing_options import OPTS

__all__ = ["format_elements"]


def format_elements(values, floating):
    """Format a flat list of Python scalars; return (padded strings, column width)."""
    if not floating:
        strs = [str(v) for v in values]
        width = max(map(len, strs), default=1)
        return [s.rjust(width) for s in strs], width

    # Nonzero finite values: `v` is falsy for 0.0 and -0.0, and v - v is 0.0 for
    # finite v but nan for nan and inf. (Inlined: this is the per-element hot loop.)
    nonzero = [v for v in values if v and v - v == 0]
    if not nonzero:
        int_mode, sci_mode = True, False
    else:
        int_mode = all([v.is_integer() for v in nonzero])
        sci_mode = OPTS.sci_mode
        if sci_mode is None:
            mags = list(map(abs, nonzero))
            lo, hi = min(mags), max(mags)
            # Python float division gives inf on overflow, as torch's double tensors do.
            sci_mode = hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4

    if sci_mode:
        strs = list(map(f"{{:.{OPTS.precision}e}}".format, values))  # as torch builds it: a bad precision
        # ('a', 2.5) fails here with torch's ValueError, when printing, not when set
    elif int_mode:
        # Whole numbers get a trailing "." to show the dtype is floating; nan/inf don't.
        strs = [("%.0f." % v) if v - v == 0 else ("%.0f" % v) for v in values]
    else:
        strs = list(map(f"{{:.{OPTS.precision}f}}".format, values))

    # The column width is that of the widest nonzero finite element (at least 1).
    if not nonzero:
        width = 1
    elif len(nonzero) == len(values):
        width = max(map(len, strs))
    else:
        width = max([len(s) for s, v in zip(strs, values) if v and v - v == 0])
    return [s.rjust(width) for s in strs], width
