"""gradcalc: a command-line expression differentiator and REPL on its own autograd engine."""

import os as _os
import sys as _sys

__version__ = "0.1.0"


def _numpy_without_avx512():
    """Ask numpy (before it is first imported) not to dispatch its AVX-512 loops.

    gradcalc reproduces torch's CPU results to the last bit, and torch computes float64
    log/exp/log1p/expm1/atan/tan... with glibc. numpy's AVX2-or-older loops for these call the same
    glibc, but on a CPU with AVX-512 numpy switches to its own SIMD implementations, which differ
    from glibc in the last bit (measured: 214 of 200,000 float64 logs, 8,992 exps, 19,468 expm1s).
    ``NPY_DISABLE_CPU_FEATURES`` is read once, at numpy's import; a value the user set wins, and a
    numpy already imported is left as it is. Feature names changed in numpy 2.4 (X86_V4), and
    numpy warns about names it does not dispatch, so the list follows the installed version."""
    if "numpy" in _sys.modules or "NPY_DISABLE_CPU_FEATURES" in _os.environ:
        return
    if getattr(_os, "uname", None) is None or _os.uname().machine not in ("x86_64", "AMD64"):
        return
    import importlib.util
    spec = importlib.util.find_spec("numpy")
    if spec is None or not spec.submodule_search_locations:
        return
    try:
        with open(_os.path.join(list(spec.submodule_search_locations)[0], "version.py")) as f:
            text = f.read()
        version = text.split('version = "', 1)[1].split('"', 1)[0]
        major, minor = (int(p) for p in version.split(".")[:2])
    except (OSError, IndexError, ValueError):
        return
    if (major, minor) >= (2, 4):
        names = "X86_V4 AVX512_ICL AVX512_SPR"
    else:
        names = "AVX512F AVX512CD AVX512_KNL AVX512_KNM AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL"
    _os.environ["NPY_DISABLE_CPU_FEATURES"] = names


_numpy_without_avx512()
