"""``math``, ``cmath``, ``statistics`` and ``__future__``: pure computation, handed over whole.

math and cmath are C functions and float constants (nothing in them reaches outside);
statistics' functions compute on the data they are given, and what they return (floats,
``NormalDist``, ``LinearRegression``) has its attributes allowlisted below.
``from __future__ import annotations`` (or any feature) is accepted and changes nothing:
the language already keeps annotations unevaluated.
"""

from __future__ import annotations

from . import module_of, register_type


def _public(mod, skip=()):
    return {n: getattr(mod, n) for n in dir(mod) if not n.startswith("_") and n not in skip}


def math_module():
    import math

    return module_of("math", _public(math))


def cmath_module():
    import cmath

    return module_of("cmath", _public(cmath))


STATISTICS = """mean fmean geometric_mean harmonic_mean median median_low median_high median_grouped mode
multimode pstdev pvariance stdev variance quantiles correlation covariance linear_regression NormalDist
StatisticsError""".split()

NORMAL_DIST = ("mean", "median", "mode", "stdev", "variance", "cdf", "inv_cdf", "pdf", "overlap", "quantiles",
               "samples", "zscore")


def statistics_module():
    import statistics

    register_type(statistics.NormalDist, NORMAL_DIST)
    if hasattr(statistics, "LinearRegression"):
        register_type(statistics.LinearRegression, ("slope", "intercept", "index", "count"))
    return module_of("statistics", {n: getattr(statistics, n) for n in STATISTICS if hasattr(statistics, n)})


def future_module():
    import __future__

    return module_of("__future__", {n: getattr(__future__, n) for n in __future__.all_feature_names})
