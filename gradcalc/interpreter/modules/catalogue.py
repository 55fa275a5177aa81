"""What ``%help modules`` shows (docs/language.md has the same list): every module ``import``
reaches, one line each, and what of numpy is there."""

from __future__ import annotations

SUMMARIES = (
    ("torch", "torch and its submodules (torch.nn, torch.nn.functional, torch.autograd, ...)"),
    ("numpy", "numpy's computing API, sandboxed: creation, ufuncs (with out=), reductions, shapes, indexing, "
              "sorting, set operations, dtypes, numpy.linalg, numpy.random (seed/rand/randn/... and "
              "default_rng), numpy.fft, numpy.lib.stride_tricks.sliding_window_view; arrays' methods and "
              "properties; t.numpy() and torch.from_numpy(a) share memory as in torch"),
    ("math", "all of it"),
    ("cmath", "all of it"),
    ("statistics", "mean median mode stdev variance quantiles correlation covariance linear_regression "
                   "NormalDist ..."),
    ("random", "Python's generator: seed random randint randrange choice choices shuffle sample gauss "
               "uniform ... and Random (not SystemRandom)"),
    ("time", "time perf_counter monotonic process_time sleep strftime localtime gmtime ..."),
    ("copy", "copy deepcopy (tensors as torch: a leaf keeps requires_grad and gets its own .grad)"),
    ("collections", "OrderedDict defaultdict Counter deque namedtuple"),
    ("itertools", "all of it"),
    ("functools", "partial reduce lru_cache cache wraps update_wrapper cmp_to_key total_ordering"),
    ("operator", "all the operator functions; attrgetter/methodcaller follow the sandbox's rules"),
    ("string", "the constants, capwords, Template"),
    ("typing", "the names annotations use (List Optional Tuple Dict Union Callable TypeVar ...), cast"),
    ("dataclasses", "dataclass field fields asdict astuple replace is_dataclass"),
    ("enum", "Enum IntEnum Flag IntFlag StrEnum auto unique"),
    ("__future__", "accepted (annotations, division, ...); changes nothing"),
)

NOT_THERE = ("Not there: numpy's load save savez loadtxt fromfile tofile memmap frombuffer ctypeslib lib.format "
             "as_strided info source vectorize frompyfunc apply_along_axis, object arrays (dtype=object); "
             "and every other module (os sys subprocess io pickle socket matplotlib torchvision pandas ...): "
             "gradcalc runs in a sandbox.")


def lines(width=100):
    import textwrap

    label = max(len(name) for name, _ in SUMMARIES) + 2
    out = ["Modules gradcalc's import reaches (import X, import X as Y, from X import a, b as c, from X import *):",
           ""]
    for name, summary in SUMMARIES:
        body = textwrap.wrap(summary, width=max(30, width - label)) or [""]
        out.append(name.ljust(label) + body[0])
        out.extend(" " * label + rest for rest in body[1:])
    out.append("")
    out.extend(textwrap.wrap(NOT_THERE, width=width))
    return out
