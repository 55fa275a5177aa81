"""The golden cases for complex tensors (complex_generate.py runs them under torch,
tests/engine/test_complex_golden.py under gradcalc.engine). Each is a snippet with only
``torch`` bound; what it prints, warns, raises and leaves in ``result`` is compared."""

Z = "z = torch.tensor([1+2j, -3.5-0.25j, 0.5+0.1j], requires_grad=True)\n"
W = "w = torch.tensor([0.3-1j, 2+0.5j, -1+1j], requires_grad=True)\n"
X = "x = torch.tensor([0.7, -1.2, 2.0], requires_grad=True)\n"
ZD = "z = torch.tensor([1+2j, -3.5-0.25j, 0.5+0.1j], dtype=torch.complex128, requires_grad=True)\n"

REPRS = [
    "torch.tensor([1+2j, -3.5-0.25j])", "torch.tensor(1+2j)", "torch.tensor([1+2j], dtype=torch.complex128)",
    "torch.tensor([[1e5+2j, 1.5-1e-5j], [3, 4]])", "torch.tensor([1, 2.5, 1j])", "torch.tensor([1j])",
    "torch.tensor([[1e-5+1j, 100+2j]])", "torch.tensor([float('nan')+1j, float('inf')-2j])",
    "torch.tensor([1e10j])", "torch.tensor([[1+1j]*5]*4, dtype=torch.cdouble)",
    "torch.arange(12, dtype=torch.float32).reshape(3, 4).to(torch.cfloat) * 1.25j",
    "torch.tensor([-0.0-0.0j, 0j])", "torch.tensor([], dtype=torch.cfloat)",
    "torch.tensor([], dtype=torch.cdouble)", "torch.zeros(2, 0, dtype=torch.cfloat)",
    "torch.zeros(2, dtype=torch.cfloat)", "torch.ones(2, 2, dtype=torch.complex128)",
    "torch.full((2,), 1+1j)", "torch.full((2,), 2.5, dtype=torch.cfloat)", "torch.eye(2, dtype=torch.cfloat)",
    "torch.arange(3).to(torch.cfloat)", "torch.zeros_like(torch.tensor([1j]))",
    "torch.tensor([1.5]).cdouble()", "torch.tensor([[1.5, 2]]).cfloat()",
    "torch.tensor([123456.789+0.001j, -1j])", "torch.tensor([1+1j, 2-3j]).conj()",
    "torch.tensor([3+4j]).abs()", "torch.tensor([3+4j, -1, -1j, 0j]).angle()", "torch.tensor([-1.0, 2.0, 0.0]).angle()",
    "torch.tensor([0.5+0.5j] * 30)", "torch.arange(40.).reshape(2, 20).to(torch.cdouble) * (1 - 0.5j)",
    "torch.tensor([1+2j, 3-4j]).real", "torch.tensor([1+2j, 3-4j]).imag",
    "torch.view_as_real(torch.tensor([1+2j, 3-4j]))", "torch.view_as_complex(torch.tensor([[1., 2.], [3., 4.]]))",
    "torch.complex(torch.tensor([1., 2.]), torch.tensor([3., 4.]))",
    "torch.complex(torch.tensor([1., 2.], dtype=torch.float64), torch.tensor([3.], dtype=torch.float64))",
    "torch.polar(torch.tensor([1., 2.]), torch.tensor([0.5, -1.]))", "torch.tensor([1+2j]) * 2",
    "torch.tensor([1, 2]) * 1j", "torch.tensor([1., 2.], dtype=torch.float64) + 1j", "torch.tensor([1+1j]) + torch.tensor([2.])",
    "torch.tensor([1+1j]) + torch.tensor([2.], dtype=torch.float64)", "torch.tensor([True]) + 1j",
    "torch.tensor([1+1j, 2-1j]).sum()", "torch.tensor([1+1j, 2-1j]).mean()", "torch.tensor([1+1j, 2-1j]).prod()",
    "torch.tensor([1+1j, 2-1j]).cumsum(0)", "torch.tensor([[1+1j, 2], [0, 1j]]) @ torch.tensor([[1j], [1]])",
    "torch.tensor([1+1j, 2-3j]).std()", "torch.tensor([1+1j, 2-3j]).var()", "torch.tensor([1+1j, 2-3j]).norm()",
    "torch.tensor([1+1j, 2-3j]) == torch.tensor([1+1j, 2])", "torch.tensor([1+1j, 2-3j]) != 2-3j",
    "torch.tensor([1+1j, 2-3j]).sgn()", "torch.tensor([4j, -4]).sqrt()", "torch.tensor([1j, -1]).log()",
    "torch.tensor([1j, 0.5]).exp()", "torch.tensor([1+1j]).reshape(1, 1).t()", "torch.tensor([1+1j, 2j]).flip(0)",
    "torch.stack([torch.tensor([1j]), torch.tensor([2.+0j])])", "torch.tensor([1j, 2]).reciprocal()",
    "torch.tensor([1j, 2]).square()", "torch.tensor([1j, 2]) ** 2", "torch.tensor([1j, 2]) ** 0.5",
    "2 ** torch.tensor([1j, 2])", "torch.tensor([1j, 2]).sigmoid()", "torch.tensor([1j, 2]).tanh()",
]

VALUES = [
    ("exp-sin-cos", "a = torch.tensor([1+2j, -0.5+0.25j, 0.1-1j])\nresult = (a.exp(), a.sin(), a.cos(), a.tanh(), a.sqrt(), a.log())"),
    ("more-unary", "a = torch.tensor([1+2j, -0.5+0.25j, 0.1-1j])\nresult = (a.tan(), a.sinh(), a.cosh(), a.asin(), a.acos(), a.atan(), a.asinh(), a.log2(), a.log10(), a.log1p(), a.expm1(), a.rsqrt(), a.exp2())"),
    ("arith", "a = torch.tensor([1+2j, -0.5+0.25j])\nb = torch.tensor([0.5-1j, 2+0j])\nresult = (a + b, a - b, a * b, a / b, -a, a * 2.5, a / 2, 1 / a)"),
    ("complex128-arith", "a = torch.tensor([1+2j, -0.5+0.25j], dtype=torch.cdouble)\nresult = (a * a, a / (a + 1), a.exp(), a ** 3)"),
    ("item", "a = torch.tensor([1+2j, -0.5+0.25j])\nresult = (a[0].item(), complex(a[1]), a.tolist())"),
    ("item128", "result = torch.tensor(0.1+0.2j, dtype=torch.complex128).item()"),
    ("matmul", "a = torch.tensor([[1+2j, 3], [0.5j, -1]])\nb = torch.tensor([[2-1j], [1j]])\nresult = (a @ b, a.mm(a), a.matmul(a[0]), a.t() @ a)"),
    ("mixed-matmul", "a = torch.tensor([[1+2j, 3], [0.5j, -1]])\nresult = a @ torch.tensor([[1.], [2.]]).to(torch.cfloat)"),
    ("queries", "a = torch.tensor([1+2j])\nresult = (a.is_complex(), a.is_floating_point(), a.dtype.is_complex, a.dtype.is_floating_point, a.dtype.is_signed, a.dtype.itemsize, a.element_size(), a.type(), a.conj().is_conj(), a.is_conj(), torch.is_complex(a), a.conj().resolve_conj().is_conj(), torch.tensor([1.]).conj().is_conj())"),
    ("dtypes", "result = (str(torch.cfloat), str(torch.cdouble), str(torch.complex64), str(torch.complex128), torch.cfloat is torch.complex64, str(torch.promote_types(torch.float64, torch.complex64)), str(torch.promote_types(torch.float16, torch.complex64)), str(torch.promote_types(torch.int64, torch.complex128)), str(torch.result_type(torch.tensor([1]), 1j)), str(torch.result_type(torch.tensor([1.], dtype=torch.float64), 1j)), str(torch.result_type(torch.tensor([1j]), torch.tensor(2., dtype=torch.float64))), str(torch.result_type(torch.tensor([1.]), torch.tensor(1j, dtype=torch.complex128))))"),
    ("default-double", "torch.set_default_dtype(torch.float64)\nprint(torch.tensor([1j]))\nprint(torch.tensor([1j], dtype=torch.cfloat))\nprint(torch.tensor([1.]) + 1j)\nresult = str(torch.tensor([1j]).dtype)"),
    ("randn", "torch.manual_seed(0)\nresult = (torch.randn(3, dtype=torch.cfloat), torch.randn(2, 9, dtype=torch.cfloat), torch.randn(5, dtype=torch.cdouble), torch.rand(3, dtype=torch.cfloat))"),
    ("randn-print", "torch.manual_seed(1)\nprint(torch.randn(2, 2, dtype=torch.complex64, requires_grad=True))\nprint(torch.randn(20, dtype=torch.cfloat))"),
    ("real-view", "a = torch.tensor([1+2j, 3-4j])\nr = a.real\nr[0] = 10\nresult = (a, a.imag, torch.real(a), torch.imag(a), torch.real(torch.tensor([1.])))"),
    ("view-as-real-shares", "a = torch.tensor([1+2j, 3-4j])\nv = torch.view_as_real(a)\nv[1, 1] = 7\nresult = (a, v.shape, torch.view_as_complex(v))"),
    ("to-real-warns", "a = torch.tensor([1+2j, 3-4j])\nresult = a.to(torch.float32)"),
    ("float-of-complex", "result = float(torch.tensor(1+2j))"),
    ("linear-algebra", "z = torch.tensor([[1+2j, 3-4j], [0.5j, 2]])\nresult = (torch.vdot(z[0], z[1]), torch.dot(z[0], z[1]), torch.outer(z[0], z[1]), torch.einsum('ij,jk->ik', z, z), z.T, z.mT, z.sum(0), z.mean(1))"),
    ("views-and-writes", "z = torch.tensor([[1+2j, 3-4j], [0.5j, 2]])\nz2 = z.clone()\nz2[0, 0] = 5j\nz2 += 1\nz2 *= 1j\nresult = (z2, z.reshape(4), z[:, 1], torch.cat([z, z]).shape, torch.where(z.abs() > 1, z, torch.zeros_like(z)), z.masked_fill(z.abs() > 2, 0))"),
    ("numpy", "import numpy as np\na = torch.from_numpy(np.array([1+2j, 3j]))\nresult = (a, str(a.dtype), torch.tensor([1+2j]).numpy().tolist())"),
    ("conj-physical", "a = torch.tensor([1+2j, 3-4j])\nresult = (a.conj_physical(), torch.conj_physical(a), torch.tensor([1., -2.]).conj_physical(), a.conj().conj().is_conj())"),
]

ERRORS = [
    "torch.tensor([1+1j]) < 1", "torch.tensor([1+1j]).max()", "torch.tensor([1+1j]).min(0)",
    "torch.tensor([1+1j]).clamp(0)", "torch.tensor([1+1j]).floor()", "torch.tensor([1+1j]).relu()",
    "torch.nn.functional.relu(torch.tensor([1+1j]))", "torch.tensor([1+1j]).sign()", "torch.tensor([1+1j]).erf()",
    "torch.tensor([1+1j]).sort()", "torch.tensor([1+1j]).argmax()", "torch.maximum(torch.tensor([1j]), torch.tensor([1j]))",
    "torch.tensor([1+1j]) // 2", "torch.tensor([1+1j]).remainder(2)", "torch.tensor([1+1j]).round()",
    "torch.tensor([1+1j]).amax()", "torch.tensor([1+1j]).topk(1)", "torch.tensor([1+1j]).atan2(torch.tensor([1j]))",
    "torch.tensor([1+1j]).lgamma()", "torch.tensor([1+1j]).softmax(0)", "torch.tensor([1+1j]).trunc()",
    "torch.tensor([1+1j]).heaviside(torch.tensor([1j]))", "torch.tensor([1+1j]).median()",
    "torch.tensor([1.]).imag", "torch.view_as_real(torch.tensor([1.]))",
    "torch.view_as_real(torch.tensor([1j]).conj())", "torch.view_as_complex(torch.tensor([1., 2., 3.]))",
    "torch.view_as_complex(torch.tensor(1.))", "torch.view_as_complex(torch.tensor([[1, 2]]))",
    "torch.view_as_complex(torch.ones(2, 2).t())", "torch.view_as_complex(torch.ones(3, 4)[:, :2])",
    "torch.complex(torch.tensor([1]), torch.tensor([2]))", "torch.complex(torch.tensor([1.]), torch.tensor([2.], dtype=torch.float64))",
    "torch.complex(torch.tensor([1., 2.]), torch.tensor([1., 2., 3.]))", "torch.tensor([1j], dtype=torch.float32)",
    "torch.ones(2, dtype=torch.int64).to(torch.cfloat).requires_grad_()",
    "(torch.tensor([1+2j], requires_grad=True) * 2).sum().backward()",
    "torch.tensor([1+1j]).abs_()",
]

GRADS = [
    ("abs", "z.abs().sum()"), ("mul", "(z*w).abs().sum()"), ("real-imag", "(z.real*x).sum() + w.imag.sum()"),
    ("exp", "z.exp().abs().sum()"), ("log", "(z.log()*w).real.sum()"), ("sin-cos", "(z.sin()+w.cos()).abs().sum()"),
    ("div", "(z/w).imag.sum()"), ("mixed", "(z*x).abs().sum()"), ("mixed-angle", "(x+w).angle().sum()"),
    ("view-as-real", "(torch.view_as_real(z)**2).sum()"), ("conj", "(z.conj()*w).real.sum()"),
    ("sgn", "(z.sgn()*w).real.sum()"), ("pow", "(z**2.5).abs().sum() + (w**2).real.sum()"),
    ("sqrt", "z.sqrt().imag.sum()"), ("tanh", "z.tanh().abs().sum()"), ("polar", "torch.polar(x.abs(), x).imag.sum()"),
    ("complex", "(torch.complex(x, x*2)*z).abs().sum()"), ("matmul", "(z.reshape(3,1) @ w.reshape(1,3)).abs().sum()"),
    ("mean", "(z.mean() * w.sum()).real"), ("cast", "(x.to(torch.cfloat) * z).imag.sum()"),
    ("sigmoid", "z.sigmoid().abs().sum()"), ("angle", "z.angle().sum()"), ("conj-physical", "(z.conj_physical()*w).imag.sum()"),
    ("view-as-complex", "torch.view_as_complex(torch.stack([x, x * x], -1)).abs().sum()"),
    ("std-var", "z.var() + w.std()"), ("norm", "z.norm() + w.norm(1)"), ("scalar-mul", "(z * (2-1j)).real.sum() + (1j / w).imag.sum()"),
    ("tan-asin", "(z.tan() + w.asin()).abs().sum()"), ("reciprocal-rsqrt", "(z.reciprocal() + w.rsqrt()).real.sum()"),
    ("sub-neg", "(-(z - w)).abs().sum()"), ("prod", "z.prod().abs()"), ("cumsum", "z.cumsum(0).abs().sum()"),
    ("expand-index", "(z[1:] * w[0]).abs().sum() + z[0].real"), ("abs-pow", "(z.abs() ** 2).sum()"),
]


def build_cases():
    cases = []
    for i, expr in enumerate(REPRS):
        cases.append({"id": f"repr/{i:02d}", "code": f"t = {expr}\nprint(t)\nresult = t"})
    for name, code in VALUES:
        cases.append({"id": f"values/{name}", "code": code})
    for i, expr in enumerate(ERRORS):
        cases.append({"id": f"error/{i:02d}", "code": f"result = {expr}"})
    for name, loss in GRADS:
        for dt, z in (("cfloat", Z), ("cdouble", ZD)):
            setup = z + W + X
            if dt == "cdouble":
                setup += "w = w.detach().to(torch.cdouble).requires_grad_()\nx = x.detach().double().requires_grad_()\n"
            code = (setup + f"loss = {loss}\nprint(loss)\nloss.backward()\n"
                    "print(z.grad)\nresult = (loss, z.grad, w.grad, x.grad)")
            cases.append({"id": f"grad/{name}/{dt}", "code": code})
    cases.append({"id": "grad/complex-output-needs-grad", "code":
                  Z + "y = z * 2\ny.backward(torch.ones_like(y) * (1+1j))\nresult = z.grad"})
    cases.append({"id": "grad/grad-fn-names", "code": Z + X +
                  "result = [t.grad_fn.name() for t in (z.real, z.imag, torch.view_as_real(z), z.conj(), "
                  "z.conj_physical(), z.abs(), z.angle(), z * z, z.sum(), z.exp(), torch.polar(x, x), z.var(), z.std(0), "
                  "torch.complex(x, x), torch.view_as_complex(torch.stack([x, x], -1)), z.sgn(), x.to(torch.cfloat))]\n"
                  "result.append([f[0].name() if f[0] is not None else None for f in z.real.grad_fn.next_functions])"})
    fw = ("fwAD = torch.autograd.forward_ad\nz = torch.tensor([1+2j, 3-1j, 0.5j])\nt = torch.tensor([0.5+0.1j, -1j, 2.])\n"
          "x = torch.tensor([1., -2., 0.5])\ntx = torch.tensor([0.3, 1., -1.])\nwith fwAD.dual_level():\n"
          "    d = fwAD.make_dual(z, t)\n    dx = fwAD.make_dual(x, tx)\n    r = {}\n"
          "    result = fwAD.unpack_dual(r).tangent\n")
    for name, expr in (("mul", "d * d"), ("exp", "d.exp()"), ("abs", "d.abs()"), ("angle", "d.angle()"),
                       ("conj", "d.conj()"), ("sgn", "d.sgn()"), ("view-as-real", "torch.view_as_real(d)"),
                       ("real", "d.real"), ("complex", "torch.complex(dx, dx * 2)"),
                       ("polar", "torch.polar(dx.abs(), dx)"), ("div", "d / (d + 1)"), ("sum", "d.sum()"),
                       ("cast", "dx.to(torch.cfloat) * d")):
        cases.append({"id": f"forward-ad/{name}", "code": fw.format(expr)})
    cases.append({"id": "grad/autograd-grad", "code": Z +
                  "g, = torch.autograd.grad((z * z).abs().sum(), z, create_graph=True)\n"
                  "h, = torch.autograd.grad(g.abs().sum(), z)\nresult = (g, h)"})
    return cases
