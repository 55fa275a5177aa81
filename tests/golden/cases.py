"""The golden printing cases: small torch snippets whose stdout real torch defines.

``build_cases()`` returns a list of dicts:

* ``id``: unique, stable name;
* ``code``: a snippet run with ``torch`` bound (real torch in generate.py, our
  engine in the tests); it only uses what gradcalc.engine supports;
* ``opts`` (array cases only): the print options the snippet sets, and the
  snippet ends with ``print(t)`` of a single tensor ``t``. For those cases the
  generator also stores t's values, so the formatter can be checked on a plain
  ndarray without the engine (tests/test_printing_formatter_golden.py).

Random data comes from numpy with fixed seeds and is written into the snippets
as literals that are exact in the target dtype, so no case depends on torch's RNG.
This module needs only numpy: it is imported by the generator (torch's venv) and
nowhere else.
"""

import math

import numpy as np

FLOAT_DTYPES = ("float16", "float32", "float64")
INT_DTYPES = ("uint8", "int8", "int16", "int32", "int64")
ALL_DTYPES = ("bool",) + INT_DTYPES + FLOAT_DTYPES


# ---------------------------------------------------------------- literals

def _scalar_lit(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "float('nan')"
        if math.isinf(v):
            return "float('inf')" if v > 0 else "-float('inf')"
        return repr(v)
    return repr(v)


def lit(arr):
    """A Python literal (nested lists) for ``arr`` that reproduces its values exactly."""
    def rec(x):
        if isinstance(x, list):
            return "[" + ", ".join(rec(y) for y in x) + "]"
        return _scalar_lit(x)
    return rec(np.asarray(arr).tolist())


def tensor_code(arr, dtype=None, requires_grad=False, explicit_dtype=True):
    """``torch.tensor(<literal>, dtype=torch.X)`` for an ndarray."""
    arr = np.asarray(arr)
    dtype = dtype or arr.dtype.name
    args = [lit(arr.astype(dtype))]
    if explicit_dtype:
        args.append("dtype=torch." + dtype)
    if requires_grad:
        args.append("requires_grad=True")
    return "torch.tensor(" + ", ".join(args) + ")"


def opts_code(opts):
    if not opts:
        return ""
    return "torch.set_printoptions(" + ", ".join("%s=%r" % kv for kv in opts.items()) + ")\n"


# ---------------------------------------------------------------- case list

class _Cases:
    def __init__(self):
        self.items = []
        self.ids = set()

    def script(self, cid, code):
        assert cid not in self.ids, cid
        self.ids.add(cid)
        self.items.append({"id": cid, "code": code.strip("\n") + "\n"})

    def array(self, cid, expr, opts=None):
        """A case that builds one tensor ``t`` from ``expr`` and prints it."""
        opts = dict(opts or {})
        self.script(cid, opts_code(opts) + "t = " + expr + "\nprint(t)\n")
        self.items[-1]["opts"] = opts


def _random_values(rng, n, dtype, lo_exp, hi_exp, *, negative=True, zeros=0.0, whole=False):
    """n values spread over magnitudes 10**lo_exp .. 10**hi_exp, exact in dtype."""
    mags = 10.0 ** rng.uniform(lo_exp, hi_exp, n)
    if whole:
        mags = np.round(mags)
    signs = np.where(rng.random(n) < 0.5, -1.0, 1.0) if negative else np.ones(n)
    vals = mags * signs
    if zeros:
        vals[rng.random(n) < zeros] = 0.0
    with np.errstate(over="ignore"):
        return vals.astype(dtype)


def _random_shape(rng, ndim, max_side=4):
    return tuple(int(s) for s in rng.integers(1, max_side + 1, ndim))


def _random_ints(rng, n, dtype):
    info = np.iinfo(dtype)
    kind = rng.integers(0, 3)
    if kind == 0:  # small
        lo, hi = max(info.min, -9), min(info.max, 9)
    elif kind == 1:  # medium
        lo, hi = max(info.min, -1000), min(info.max, 1000)
    else:  # full range
        lo, hi = info.min, info.max
    return rng.integers(lo, hi, n, dtype=dtype, endpoint=True)


def build_cases():
    c = _Cases()
    rng = np.random.default_rng(20240601)

    # -- the seed tutorial's own prints, one by one
    c.array("basic_ones_rg", "torch.ones(2, 2, requires_grad=True)")
    c.script("basic_add_grad_fn", """
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
print(y)
print(y.grad_fn)
""")
    c.script("basic_mul_mean", """
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
print(z, out)
""")
    c.array("basic_sci_small", "torch.tensor([204.8, 2048.0, 0.2048])")
    c.array("basic_fixed_mixed", "torch.tensor([614.4, -1433.6, 409.6])")

    # -- every dtype, random shapes 1-D..5-D, moderate values
    for dt in ALL_DTYPES:
        for ndim in range(1, 6):
            shape = _random_shape(rng, ndim, 4 if ndim < 4 else 3)
            n = int(np.prod(shape))
            if dt == "bool":
                vals = rng.random(n) < 0.5
            elif dt in INT_DTYPES:
                vals = _random_ints(rng, n, dt)
            else:
                vals = _random_values(rng, n, dt, -2, 3, zeros=0.1)
            c.array("dtype_%s_%dd" % (dt, ndim), tensor_code(vals.reshape(shape), dt))

    # -- random magnitudes (fixed / sci / int mode flip on these), float dtypes
    for dt in FLOAT_DTYPES:
        for lo_exp in range(-9, 12, 2):
            if dt == "float16" and not -6 <= lo_exp <= 4:
                continue
            ndim = int(rng.integers(1, 4))
            shape = _random_shape(rng, ndim, 5)
            span = float(rng.choice([0.5, 1.0, 2.0, 3.5]))
            vals = _random_values(rng, int(np.prod(shape)), dt, lo_exp, lo_exp + span,
                                  negative=bool(rng.random() < 0.6))
            c.array("mag_%s_e%+d" % (dt, lo_exp), tensor_code(vals.reshape(shape), dt))

    # -- whole numbers in float tensors: integer mode
    for i, (dt, lo, hi) in enumerate([("float32", 0, 2), ("float32", 0, 5), ("float64", 0, 8),
                                      ("float64", 7, 10), ("float16", 0, 3), ("float32", 2, 4)]):
        shape = _random_shape(rng, int(rng.integers(1, 4)), 4)
        vals = _random_values(rng, int(np.prod(shape)), dt, lo, hi, whole=True, zeros=0.2)
        c.array("intmode_%d_%s" % (i, dt), tensor_code(vals.reshape(shape), dt))
    c.array("intmode_list", "torch.tensor([1., 2., 3.])")
    c.array("intmode_neg", "torch.tensor([-1., 20., -300.])")
    c.array("intmode_1e8", "torch.tensor([100000000., 1.])", )
    c.array("intmode_over_1e8", "torch.tensor([123456792., 1.])")
    c.array("intmode_f64_big_fixed", "torch.tensor([123456789., 2.], dtype=torch.float64)",
            {"sci_mode": False})
    c.array("intmode_with_nan", "torch.tensor([1., float('nan'), -3.])")
    c.array("intmode_with_inf", "torch.tensor([float('inf'), 2., -float('inf'), 10.])")
    c.array("intmode_neg_zero", "torch.tensor([-0., 5., 0.])")

    # -- the sci-mode rule, right at its boundaries
    bounds = [
        ("ratio_1000", "[1.0, 1000.0]"), ("ratio_over_1000", "[1.0, 1000.5]"),
        ("ratio_frac", "[0.5, 500.0]"), ("ratio_frac_over", "[0.5, 500.25]"),
        ("max_1e8", "[1.5, 100000000.0]"), ("max_over_1e8", "[1.5e5, 1.000001e8]"),
        ("min_1e-4_f64", "[0.0001, 0.05]"), ("min_below_1e-4", "[0.0000999, 0.05]"),
        ("single_1e-4_f64", "[0.0001]"), ("single_big", "[5e9]"),
        ("mixed_neg", "[-1e-5, 3.0, 0.0]"), ("mixed_signs_ratio", "[-2000.5, 1.5]"),
    ]
    for name, values in bounds:
        for dt in ("float32", "float64"):
            c.array("sci_rule_%s_%s" % (name, dt), "torch.tensor(%s, dtype=torch.%s)" % (values, dt))
    c.array("sci_rule_f16", "torch.tensor([0.0001, 0.5, 60000.0], dtype=torch.float16)")
    c.array("sci_rule_f32_1e-4", "torch.tensor([0.0001, 0.5])")  # float32(1e-4) < 1e-4

    # -- nan / inf / -0.
    nan_cases = {
        "all_nan": "[float('nan'), float('nan')]",
        "all_inf": "[float('inf'), -float('inf')]",
        "nan_inf_ninf": "[float('nan'), float('inf'), -float('inf')]",
        "nan_and_frac": "[float('nan'), 1.5, -2.25]",
        "inf_and_sci": "[float('inf'), 1e-7, 3.0]",
        "nan_in_sci": "[1e10, float('nan'), -1.0]",
        "zeros_only": "[0.0, -0.0, 0.0]",
        "zeros_nan": "[0.0, float('nan')]",
        "neg_zero_frac": "[-0.0, 0.5]",
        "neg_zero_sci": "[-0.0, 1e-8, 1.0]",
        "inf_wide": "[float('inf'), 1.0, 2.0]",
        "nan_2d": "[[float('nan'), 1.0], [2.5, float('inf')]]",
    }
    for name, values in nan_cases.items():
        c.array("nonfinite_%s" % name, "torch.tensor(%s)" % values)
    c.array("nonfinite_f64_nan_sci", "torch.tensor([float('nan'), 1e-300, 1e300], dtype=torch.float64)")
    c.array("nonfinite_f16", "torch.tensor([float('inf'), -0.0, 0.5], dtype=torch.float16)")
    c.array("nonfinite_zeros_sci_forced", "torch.tensor([0.0, -0.0])", {"sci_mode": True})
    c.array("nonfinite_nan_sci_forced", "torch.tensor([float('nan'), 2.0])", {"sci_mode": True})

    # -- 0-d tensors
    scalars = [
        ("f27", "27."), ("half", "0.5"), ("neg", "-3.25"), ("tiny", "1e-6"), ("huge", "3e20"),
        ("zero", "0."), ("negzero", "-0.0"), ("nan", "float('nan')"), ("ninf", "-float('inf')"),
        ("int", "7"), ("negint", "-12"), ("bool_t", "True"), ("bool_f", "False"),
        ("third", "1/3"), ("f64", "2.5, dtype=torch.float64"), ("f16", "0.1, dtype=torch.float16"),
        ("i8", "-5, dtype=torch.int8"), ("u8", "200, dtype=torch.uint8"),
        ("i32", "123456, dtype=torch.int32"), ("rg", "1.5, requires_grad=True"),
    ]
    for name, args in scalars:
        c.array("scalar_%s" % name, "torch.tensor(%s)" % args)

    # -- one-element tensors
    for i, v in enumerate(["0.1", "-7.0", "123456.789", "1e-9", "-1e15", "42.0", "float('nan')",
                           "0.0001", "99999.5"]):
        c.array("one_elem_%d" % i, "torch.tensor([%s])" % v)

    # -- huge, tiny, denormal
    extremes = [
        ("f32_max", "[3.4028234663852886e+38]", "float32"),
        ("f32_1e38", "[1e38, -1e38, 1.0]", "float32"),
        ("f32_denorm_min", "[1.401298464324817e-45]", "float32"),
        ("f32_denorm_3e-45", "[3e-45, 1.0]", "float32"),
        ("f32_denorm_mix", "[1e-40, -2e-39, 0.0]", "float32"),
        ("f32_tiny_normal", "[1.1754943508222875e-38, 1.0]", "float32"),
        ("f64_max", "[1.7976931348623157e+308, 1.0]", "float64"),
        ("f64_denorm", "[5e-324, 1e-310]", "float64"),
        ("f64_1e300_sweep", "[1e300, 1e-300, -1e100, 1.0]", "float64"),
        ("f16_max", "[65504.0, -65504.0]", "float16"),
        ("f16_denorm", "[5.960464477539063e-08, 0.5]", "float16"),
        ("f16_inf", "[65504.0, float('inf')]", "float16"),
        ("f32_big_whole_fixed", "[1e20, 3.0]", "float32"),
    ]
    for name, values, dt in extremes:
        c.array("extreme_%s" % name, "torch.tensor(%s, dtype=torch.%s)" % (values, dt))
    c.array("extreme_f32_1e38_fixed", "torch.tensor([1e38, 1.5])", {"sci_mode": False})
    c.array("extreme_f64_big_fixed", "torch.tensor([1e200, -2.5], dtype=torch.float64)",
            {"sci_mode": False})

    # -- integer dtypes at their limits
    int_limits = [
        ("int64", "[-9223372036854775808, 9223372036854775807, 0]"),
        ("int32", "[-2147483648, 2147483647, 5]"),
        ("int16", "[-32768, 32767, -1]"),
        ("int8", "[-128, 127, 0, 3]"),
        ("uint8", "[0, 255, 17]"),
    ]
    for dt, values in int_limits:
        c.array("intlimits_%s" % dt, "torch.tensor(%s, dtype=torch.%s)" % (values, dt))
    c.array("int_default_dtype", "torch.tensor([[1, -2, 3], [400, 5, -60]])")
    c.array("int_negative_only", "torch.tensor([-1, -22, -333], dtype=torch.int32)")

    # -- bool tensors
    c.array("bool_1d", "torch.tensor([True, False, True])")
    c.array("bool_all_true", "torch.tensor([[True, True], [True, True]])")
    c.array("bool_all_false", "torch.tensor([False, False])")
    c.array("bool_3d", tensor_code((rng.random((2, 3, 2)) < 0.5), "bool"))

    # -- empty tensors: shapes x dtypes x requires_grad
    empties = [
        ("0_f32", "torch.tensor([])"),
        ("0_i64", "torch.tensor([], dtype=torch.int64)"),
        ("0_bool", "torch.tensor([], dtype=torch.bool)"),
        ("0_f64", "torch.tensor([], dtype=torch.float64)"),
        ("0_f16", "torch.tensor([], dtype=torch.float16)"),
        ("0_u8", "torch.tensor([], dtype=torch.uint8)"),
        ("0x3_f32", "torch.zeros(0, 3)"),
        ("2x0_f64", "torch.zeros(2, 0, dtype=torch.float64)"),
        ("0x0_i32", "torch.zeros(0, 0, dtype=torch.int32)"),
        ("3x0x2_f32", "torch.ones(3, 0, 2)"),
        ("0x2x0x1_i8", "torch.zeros(0, 2, 0, 1, dtype=torch.int8)"),
        ("0x3_rg", "torch.zeros(0, 3, requires_grad=True)"),
        ("0_rg", "torch.tensor([], requires_grad=True)"),
        ("0_arange", "torch.arange(0)"),
        ("0x4_bool_reshape", "torch.tensor([], dtype=torch.bool).reshape(0, 4)"),
    ]
    for name, expr in empties:
        c.array("empty_%s" % name, expr)
    c.array("empty_edge0", "torch.zeros(0, 3)", {"edgeitems": 0})

    # -- column alignment and nesting, random higher-dimensional floats
    for i in range(12):
        ndim = int(rng.integers(2, 6))
        shape = _random_shape(rng, ndim, 4 if ndim < 5 else 3)
        dt = str(rng.choice(FLOAT_DTYPES))
        lo = int(rng.integers(-5, 6))
        vals = _random_values(rng, int(np.prod(shape)), dt, lo, lo + float(rng.uniform(0.3, 4)),
                              zeros=0.15)
        c.array("nd_random_%02d" % i, tensor_code(vals.reshape(shape), dt))
    for i in range(6):
        ndim = int(rng.integers(2, 6))
        shape = _random_shape(rng, ndim, 4 if ndim < 5 else 3)
        dt = str(rng.choice(INT_DTYPES))
        vals = _random_ints(rng, int(np.prod(shape)), dt)
        c.array("nd_random_int_%02d" % i, tensor_code(vals.reshape(shape), dt))

    # -- long rows that wrap at linewidth
    for n in (12, 17, 25, 40, 100, 333):
        vals = _random_values(rng, n, "float32", -1, 2)
        c.array("wrap_f32_%d" % n, tensor_code(vals, "float32", explicit_dtype=False))
    for n in (30, 60, 200):
        c.array("wrap_i64_%d" % n, "torch.arange(%d) * 37 - 500" % n)
    c.array("wrap_2d", tensor_code(_random_values(rng, 3 * 30, "float32", 0, 3).reshape(3, 30),
                                   "float32", explicit_dtype=False))
    c.array("wrap_3d", tensor_code(_random_values(rng, 2 * 2 * 20, "float64", -3, -1).reshape(2, 2, 20),
                                   "float64"))
    c.array("wrap_sci_row", tensor_code(_random_values(rng, 24, "float32", -6, 2), "float32",
                                        explicit_dtype=False))
    c.array("wrap_bool_row", tensor_code(rng.random(40) < 0.5, "bool"))
    for lw in (1, 10, 40, 60, 120, 200):
        c.array("linewidth_%d" % lw, "torch.arange(48.).reshape(2, 24) / 8", {"linewidth": lw})
    c.array("linewidth_30_int", "torch.arange(30)", {"linewidth": 30})
    c.array("linewidth_40_suffix", "torch.arange(12., requires_grad=True) * 1.5", {"linewidth": 40})

    # -- summarisation past threshold, with edgeitems in every dimension
    c.array("summ_1d_1001", "torch.arange(1001)")
    c.array("summ_1d_1000_not", "torch.arange(1000)")
    c.array("summ_1d_2000_f", "torch.arange(2000.) / 4")
    c.array("summ_2d_100x100", "torch.arange(10000.).reshape(100, 100) * 0.5 - 2000")
    c.array("summ_2d_3x400", "torch.arange(1200).reshape(3, 400)")
    c.array("summ_2d_400x3", "torch.arange(1200).reshape(400, 3)")
    c.array("summ_3d", "torch.arange(8000).reshape(20, 20, 20)")
    c.array("summ_4d", "torch.arange(4096.).reshape(8, 8, 8, 8) - 100")
    c.array("summ_5d", "torch.arange(7776, dtype=torch.int16).reshape(6, 6, 6, 6, 6)")
    c.array("summ_2d_7x200_f64", "(torch.arange(1400, dtype=torch.float64).reshape(7, 200) - 700) / 16")
    c.array("summ_bool", "torch.ones(40, 30, dtype=torch.bool)")
    c.array("summ_ones_rg", "torch.ones(1500, requires_grad=True)")
    # torch decides int/sci mode from the shown elements only: the hidden middle is ignored
    c.array("summ_hidden_frac", "torch.tensor([1.0] * 600 + [0.5] + [2.0] * 600)")
    c.array("summ_hidden_huge", "torch.tensor([1.5] * 600 + [1e10] + [2.5] * 600)")
    c.array("summ_hidden_nan", "torch.tensor([1.0] * 600 + [float('nan')] + [2.0] * 600)")
    c.array("summ_hidden_wide_int", "torch.tensor([1] * 600 + [-123456789] + [2] * 600)")
    c.array("summ_shown_sci", "torch.tensor([1e-6] + [1.0] * 1200 + [3.0])")
    vals = _random_values(rng, 1100, "float32", -3, 3, zeros=0.05)
    c.array("summ_random_1100", tensor_code(vals, "float32", explicit_dtype=False))
    vals = _random_values(rng, 30 * 40, "float64", -1, 1)
    c.array("summ_random_30x40", tensor_code(vals.reshape(30, 40), "float64"))
    vals = _random_ints(rng, 11 * 10 * 12, "int32")
    c.array("summ_random_int_3d", tensor_code(vals.reshape(11, 10, 12), "int32"))
    for th in (0, 5, 10, 100):
        c.array("threshold_%d" % th, "torch.arange(60.).reshape(3, 4, 5)", {"threshold": th})
    c.array("threshold_scalar_0", "torch.tensor(2.5)", {"threshold": 0})
    c.array("threshold_6_vec6", "torch.arange(7.)", {"threshold": 6})
    for e in (0, 1, 2, 5, 100):
        c.array("edgeitems_%d_1d" % e, "torch.arange(1500.) - 750", {"edgeitems": e})
        c.array("edgeitems_%d_3d" % e, "torch.arange(3000).reshape(10, 15, 20)", {"edgeitems": e})
    c.array("edgeitems_0_small", "torch.tensor([[1.5, 2.5], [3.5, 4.5]])", {"edgeitems": 0})
    c.array("edgeitems_0_scalar", "torch.tensor(2.5)", {"edgeitems": 0})
    c.array("edgeitems_1_threshold_3", "torch.arange(24.).reshape(2, 3, 4)",
            {"edgeitems": 1, "threshold": 3})
    c.array("summ_linewidth_40", "torch.arange(2000.).reshape(40, 50) * 1.25", {"linewidth": 40})
    c.array("summ_linewidth_200", "torch.arange(2000.).reshape(40, 50) * 1.25", {"linewidth": 200})
    c.array("summ_edge_10_wrap", "torch.arange(5000.)", {"edgeitems": 10})

    # -- printoptions: precision 0..8, sci_mode, profiles
    prec_inputs = {
        "fixed": "torch.tensor([3.14159265, -2.71828182, 100.0625])",
        "sci": "torch.tensor([1.23456789e-7, 9.87654321e5], dtype=torch.float64)",
        "int": "torch.tensor([1., 2., 300.])",
    }
    for p in range(0, 9):
        for name, expr in prec_inputs.items():
            c.array("precision_%d_%s" % (p, name), expr, {"precision": p})
    c.array("precision_10_f64", "torch.tensor([1/3, 2/3], dtype=torch.float64)", {"precision": 10})
    sci_inputs = {
        "fixed": "torch.tensor([1.5, -2.25, 3.0])",
        "int": "torch.tensor([1., 2., 3.])",
        "tiny": "torch.tensor([1e-8, 1.0])",
        "huge": "torch.tensor([1e20, -1.0], dtype=torch.float64)",
        "nan": "torch.tensor([float('nan'), 0.5])",
    }
    for mode in (True, False):
        for name, expr in sci_inputs.items():
            c.array("sci_%s_%s" % ("on" if mode else "off", name), expr, {"sci_mode": mode})
    c.array("sci_on_precision_2", "torch.tensor([1234.5, 0.5])", {"sci_mode": True, "precision": 2})
    c.array("sci_int_dtype_ignored", "torch.tensor([1, 2000000])", {"sci_mode": True})
    c.array("profile_short", "torch.tensor([3.14159, 2.71828])", {"profile": "short"})
    c.array("profile_short_summ", "torch.arange(2000.) / 3", {"profile": "short"})
    c.array("profile_full_1500", "torch.arange(1500)", {"profile": "full"})
    c.array("profile_full_2d", "torch.arange(2400.).reshape(40, 60) / 7", {"profile": "full"})
    c.array("profile_default_after_short", "torch.tensor([3.14159, 2.71828])",
            {"profile": "default"})
    c.array("profile_short_precision_5", "torch.tensor([3.14159, 2.71828])",
            {"profile": "short", "precision": 5})
    c.script("printoptions_sequence", """
x = torch.tensor([1.123456789, 20.5])
torch.set_printoptions(precision=6)
print(x)
torch.set_printoptions(sci_mode=True)
print(x)
torch.set_printoptions(precision=2)
print(x)
torch.set_printoptions(profile='default')
print(x)
""")
    c.script("printoptions_threshold_then_full", """
x = torch.arange(20)
torch.set_printoptions(threshold=10)
print(x)
torch.set_printoptions(profile='full')
print(x)
torch.set_printoptions(threshold=10, edgeitems=2)
print(x)
torch.set_printoptions(profile='default')
print(x)
""")

    # -- dtype and grad suffixes, their order and wrapping
    c.array("suffix_f64", "torch.tensor([1.5, 2.5], dtype=torch.float64)")
    c.array("suffix_f64_rg", "torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)")
    c.array("suffix_f16_rg", "torch.tensor([[1.5], [2.5]], dtype=torch.float16, requires_grad=True)")
    c.array("suffix_i32", "torch.tensor([1, 2], dtype=torch.int32)")
    c.array("suffix_u8_2d", "torch.tensor([[1, 2], [3, 4]], dtype=torch.uint8)")
    c.array("suffix_wrap_dtype", "torch.arange(9, dtype=torch.float64) * 1111.25")
    c.array("suffix_wrap_both", "torch.arange(9, dtype=torch.float64, requires_grad=True) * 1.25")
    c.array("suffix_wrap_after_2d",
            "torch.arange(18, dtype=torch.float64).reshape(2, 9) * 1111.5 + torch.ones(2, 9, dtype=torch.float64, requires_grad=True)")
    c.array("suffix_size_edge0_dtype", "torch.arange(6, dtype=torch.int8)", {"edgeitems": 0})
    c.array("suffix_size_edge0_summ", "torch.arange(2000, dtype=torch.float64, requires_grad=True)",
            {"edgeitems": 0})
    for n in range(5, 10):
        c.array("suffix_boundary_%d" % n, "torch.arange(%d, dtype=torch.float64) + 1000.5" % n)

    # -- creation functions and grad_fn names
    for name, expr in [
        ("zeros", "torch.zeros(2, 3)"), ("ones_i", "torch.ones(3, dtype=torch.int64)"),
        ("full", "torch.full((2, 2), 7.5)"), ("full_int", "torch.full((3,), 4)"),
        ("arange_f", "torch.arange(0, 1, 0.125)"), ("arange_i", "torch.arange(5, 25, 3)"),
        ("linspace", "torch.linspace(0, 1, 5)"), ("linspace_neg", "torch.linspace(-2, 2, 9)"),
        ("eye", "torch.eye(3)"), ("eye_rect", "torch.eye(2, 4)"),
        ("reshape", "torch.arange(24).reshape(2, 3, 4)"), ("view", "torch.arange(6.).view(3, 2)"),
    ]:
        c.array("create_%s" % name, expr)
    grad_exprs = [
        ("mul", "x * 2"), ("add", "x + 1"), ("sub", "x - 1"), ("div", "x / 3"),
        ("mean", "x.mean()"), ("sum", "x.sum()"), ("pow", "x ** 2"), ("neg", "-x"),
        ("rsub", "1 - x"), ("mul_xx", "x * x"), ("chain", "(x * 2 + 1).sum()"),
    ]
    for name, expr in grad_exprs:
        c.script("gradfn_%s" % name, "x = torch.tensor([[1.0, 2.0], [3.0, 4.5]], requires_grad=True)\n"
                 "y = %s\nprint(y)\nprint(repr(y.grad_fn))\n" % expr)
    c.script("gradfn_view_reshape", """
x = torch.arange(6., requires_grad=True)
print(x.reshape(2, 3))
print(x.view(3, 2))
""")
    c.script("gradfn_next_functions", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = (y + x).sum()
print(z.grad_fn)
print(z.grad_fn.next_functions)
print(y.grad_fn.next_functions)
""")
    c.script("gradfn_name", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).mean()
print(y.grad_fn.name())
print(y)
""")
    c.script("gradfn_leaf_none", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x.grad_fn)
print(x.is_leaf, (x * 2).is_leaf)
""")

    # -- .grad, .data, detach, no_grad
    c.script("grad_after_backward", """
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
out.backward()
print(x.grad)
""")
    c.script("grad_none_before", """
x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x.grad)
""")
    c.script("grad_vector", """
x = torch.tensor([0.3, -0.7, 0.2], requires_grad=True)
y = x * 2
y.backward(torch.tensor([0.1, 1.0, 0.0001]))
print(x.grad)
""")
    c.script("grad_f64", """
x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
(x * x).sum().backward()
print(x.grad)
""")
    c.script("grad_accumulate", """
x = torch.tensor([[1.0, -1.0], [0.5, 2.0]], requires_grad=True)
(x * 3).sum().backward()
(x * x).sum().backward()
print(x.grad)
""")
    c.script("data_detach", """
x = torch.tensor([1.5, 2.5], requires_grad=True)
y = x * 2
print(x.data)
print(y.data)
print(y.detach())
print(x.detach())
""")
    c.script("no_grad_print", """
x = torch.tensor([1.5, 2.5], requires_grad=True)
with torch.no_grad():
    print(x)
    y = x * 2
    print(y)
print(y.requires_grad)
""")
    c.script("requires_grad_flags", """
x = torch.tensor([0.3, -0.7], requires_grad=True)
print(x.requires_grad)
print((x ** 2).requires_grad)
with torch.no_grad():
    print((x ** 2).requires_grad)
""")

    # -- print of several values, reprs of the things around tensors
    c.script("print_two", """
a = torch.tensor([1.0, 2.0])
b = torch.tensor([[1, 2], [3, 4]])
print(a, b)
""")
    c.script("print_three_mixed", """
a = torch.tensor(3.5)
print(a, 'and', torch.tensor([True]), 5)
""")
    c.script("print_list_of_tensors", """
print([torch.tensor([1.0, 2.0]), torch.tensor(3)])
""")
    c.script("repr_vs_str", """
x = torch.tensor([[0.25, 4.0], [1e-5, 2.0]])
print(repr(x))
print(str(x))
print(repr(x) == str(x))
""")
    c.script("dtype_reprs", """
print(torch.float32, torch.float64, torch.float16, torch.int64)
print(torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool)
print(torch.float, torch.double, torch.half, torch.long, torch.int, torch.short)
print(repr(torch.tensor([1.0]).dtype), torch.tensor([1]).dtype)
""")
    c.script("shape_reprs", """
x = torch.zeros(2, 3)
print(x.shape)
print(repr(x.size()))
print(torch.tensor(1.0).shape)
print(torch.zeros(5).shape, torch.zeros(0, 4).shape)
print(x.shape[0], tuple(x.shape))
""")
    c.script("tolist_item_f32", """
x = torch.tensor([0.1, 0.2, 1.5])
print(x.tolist())
print(x[0].item(), x.sum().item())
print(torch.tensor(1e-8).item(), torch.tensor(3.0).item())
""")
    c.script("tolist_item_f64", """
x = torch.tensor([0.1, 1/3], dtype=torch.float64)
print(x.tolist())
print(x.mean().item())
""")
    c.script("tolist_item_int_bool", """
print(torch.tensor([[1, 2], [3, 4]]).tolist())
print(torch.tensor(7).item(), torch.tensor([True, False]).tolist())
print(repr(torch.tensor(2.5).item()))
""")
    c.script("tolist_f16", """
x = torch.tensor([0.1, 1000.0], dtype=torch.float16)
print(x.tolist())
""")
    c.script("item_f32_third", """
print(torch.tensor(1/3).item())
print(torch.tensor([1e20]).item())
""")

    # -- named-tuple results
    c.script("return_types_max_dim0", """
x = torch.tensor([[1.0, 5.0], [3.0, 2.0]])
print(x.max(dim=0))
""")
    c.script("return_types_max_rg", """
x = torch.tensor([[1.0, 5.0], [3.0, 2.0]], requires_grad=True)
r = x.max(dim=1)
print(r)
print(r.values)
print(r.indices)
""")
    c.script("return_types_max_3d", """
x = torch.arange(24.).reshape(2, 3, 4)
print(x.max(dim=0))
""")
    c.script("return_types_min", """
x = torch.tensor([[1.0, 5.0, -2.0], [3.0, 2.0, 8.0]])
print(x.min(dim=1))
print(repr(x.min(dim=0)))
""")
    c.script("return_types_max_keepdim", """
x = torch.tensor([[1, 5], [3, 2]])
print(x.max(dim=1, keepdim=True))
""")

    # -- default dtype changed
    c.script("default_dtype_f64", """
torch.set_default_dtype(torch.float64)
print(torch.tensor([1.5, 2.0]))
print(torch.tensor([1.5, 2.0], dtype=torch.float32))
print(torch.tensor([], dtype=torch.float32), torch.tensor([]))
torch.set_default_dtype(torch.float32)
print(torch.tensor([1.5, 2.0]))
""")

    # -- the whole seed tutorial
    c.script("seed_tutorial", """
x = torch.ones(2,2,requires_grad=True)
print(x)
y = x + 2
print(y)
print(y.grad_fn)
z = y * y * 3
out = z.mean()
print(z,out)
a = torch.tensor([[0.5, -1.5], [2.0, 3.0]])
a = ((a * 3) / (a - 1))
print(a.requires_grad)
a.requires_grad_(True)
print(a.requires_grad)
b = (a * a).sum()
print(b.grad_fn)
out.backward()
print(x.grad)
x = torch.tensor([0.3, -0.7, 0.2], requires_grad=True)
y = x * 2
while y.data.norm() < 1000:
    y = y * 2
print(y)
v = torch.tensor([0.1,1.0,0.0001],dtype=torch.float)
y.backward(v)
print(x.grad)
print(x.requires_grad)
print((x ** 2).requires_grad)
with torch.no_grad():
    print((x ** 2).requires_grad)
""")

    # -- computed values (the engine's arithmetic meets the formatter)
    c.script("computed_mean_sum", """
x = torch.tensor([[0.1, 0.2], [0.3, 0.4]])
print(x.mean(), x.sum(), x * 3, x + 0.7)
""")
    c.script("computed_division", """
print(torch.arange(1., 8.) / 7)
print(torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64) / 3)
""")
    c.script("computed_int_float_promotion", """
x = torch.arange(5)
print(x * 2, x * 2.5, x / 2, x + True)
""")

    # -- hooks, retain_grad, formatting of tensors inside f-strings / str.format
    c.script("hook_doubles_grad", """
x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
h = x.register_hook(lambda g: g * 2)
(x * 3).sum().backward()
print(x.grad)
h.remove()
""")
    c.script("retain_grad_intermediate", """
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x * x
y.retain_grad()
y.sum().backward()
print(y.grad)
print(x.grad)
""")
    c.script("format_builtin", """
x = torch.tensor(2.5)
print(f"{x}")
print(f"{x:.2f}", "{:8.3f}|".format(torch.tensor(3.14159)))
print(f"{torch.tensor([1.5, 2.0])}")
print("{}".format(torch.tensor(7)))
print(f"{torch.tensor(True)}")
""")

    # -- big tensors (script cases: their values are not stored in the npz)
    c.script("big_arange_1e7_3d", """
x = torch.arange(10 ** 7).reshape(1000, 100, 100)
print(x)
print(x * 0.5 - 7)
""")
    c.script("big_ones_1e7_rg", """
x = torch.ones(10 ** 7, requires_grad=True)
print(x * 3)
""")

    # -- seeded fuzz: random shapes, dtypes, magnitudes and print options together
    fuzz = np.random.default_rng(777)
    option_choices = [
        {}, {"precision": 2}, {"precision": 6}, {"linewidth": 50}, {"linewidth": 100},
        {"threshold": 20}, {"threshold": 50, "edgeitems": 2}, {"edgeitems": 1, "threshold": 10},
        {"sci_mode": True}, {"sci_mode": False}, {"profile": "short"},
        {"precision": 3, "linewidth": 60, "threshold": 30},
    ]
    for i in range(60):
        ndim = int(fuzz.integers(1, 6))
        max_side = {1: 1500, 2: 40, 3: 14, 4: 8, 5: 5}[ndim]
        shape = tuple(int(s) for s in fuzz.integers(1, max_side + 1, ndim))
        n = int(np.prod(shape))
        dt = str(fuzz.choice(ALL_DTYPES))
        if dt == "bool":
            vals = fuzz.random(n) < 0.5
        elif dt in INT_DTYPES:
            vals = _random_ints(fuzz, n, dt)
        else:
            lo = int(fuzz.integers(-8, 9)) if dt != "float16" else int(fuzz.integers(-4, 4))
            vals = _random_values(fuzz, n, dt, lo, lo + float(fuzz.uniform(0, 5)),
                                  zeros=float(fuzz.choice([0.0, 0.2])),
                                  whole=bool(fuzz.random() < 0.2))
            if fuzz.random() < 0.15:
                vals[fuzz.integers(0, n)] = fuzz.choice([np.nan, np.inf, -np.inf])
        opts = option_choices[int(fuzz.integers(0, len(option_choices)))]
        rg = dt in FLOAT_DTYPES and fuzz.random() < 0.2
        c.array("fuzz_%02d_%s_%s" % (i, dt, "x".join(map(str, shape))),
                tensor_code(vals.reshape(shape), dt, requires_grad=rg), opts)
    return c.items
