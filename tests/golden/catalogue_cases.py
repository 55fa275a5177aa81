"""Golden cases for the op catalogue added beyond the core ops (special functions,
sorting and selection, scatter/gather, cumulative, structure, more reductions).

They use the inputs of ops_cases.py and are recorded the same way (ops_runner.py:
values, dtypes, grad_fn graphs, first and second order gradients, errors);
catalogue_generate.py runs them under real torch.
"""

from ops_cases import _Cases


def build_cases():
    c = _Cases()
    # -- special functions ------------------------------------------------------------
    for op, v in (("asinh", "x"), ("acosh", "(pos + 1)"), ("atanh", "u"), ("arcsinh", "x"), ("arccosh", "(pos + 1)"),
                  ("arctanh", "u"), ("erfc", "x"), ("erfinv", "u"), ("lgamma", "pos"), ("digamma", "pos"),
                  ("i0", "x"), ("sinc", "x"), ("logit", "pr"), ("deg2rad", "x"), ("rad2deg", "x"), ("sgn", "x")):
        c.add(f"torch.{op}({v})", "special")
        c.add(f"{v}.{op}()" if v.isidentifier() else f"torch.{op}({v[:-1]}d + 1))" if v.startswith("(") else
              f"{v}d.{op}()", "special")
        c.add(f"torch.{op}(i)", "special", second=False)
    c.many("special", [
        "torch.polygamma(1, pos)", "torch.polygamma(2, posd)", "posd.polygamma(3)", "torch.polygamma(0, pos)",
        "torch.polygamma(1, i)", "torch.mvlgamma(pos + 1, 2)", "torch.mvlgamma(posd + 2, 3)", "torch.mvlgamma(pos, 3)",
        "torch.logit(pr, 0.2)", "torch.logit(prd, eps=0.3)", "torch.lgamma(torch.tensor([0.0, -1.0, -2.5, 1e-3]))",
        "torch.digamma(torch.tensor([0.0, -1.0, -2.5, 1e-3, 30.0]))", "torch.digamma(torch.tensor([0.5, 7.25, 100.0], dtype=torch.float64))",
        "torch.erfinv(torch.tensor([1.0, -1.0, 0.0, 1.5, 0.999]))", "torch.erfinv(torch.tensor([0.3, -0.999999], dtype=torch.float64))",
        "torch.erfc(torch.tensor([5.0, -5.0, 30.0]))", "torch.i0(torch.tensor([0.0, 10.0, -3.0]))",
        "torch.sinc(torch.tensor([0.0, 1.0, 0.5]))", "torch.nan_to_num(torch.tensor([float('nan'), float('inf'), -float('inf'), 1.0]))",
        "torch.nan_to_num(torch.tensor([float('nan'), float('inf'), -float('inf')]), nan=1.0, posinf=2.0, neginf=-2.0)",
        "x.nan_to_num()", "torch.nan_to_num(i)", "torch.signbit(torch.tensor([-0.0, 0.0, -1.0, 2.0]))", "torch.signbit(i)",
        "torch.isposinf(torch.tensor([float('inf'), -float('inf'), 1.0]))", "torch.isneginf(torch.tensor([float('inf'), -float('inf'), 1.0]))",
        "torch.isreal(x)", "torch.sgn(b)", "h.asinh()", "h.erfinv()", "h.lgamma()",
    ])
    return c.items
