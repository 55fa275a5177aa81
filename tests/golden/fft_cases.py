"""The golden cases for torch.fft (fft_generate.py runs them under torch,
tests/engine/test_fft_golden.py under gradcalc.engine): values, dtypes, grad_fn chains,
errors, and gradients of real losses through every transform."""

X = "x = torch.tensor([1., 2., -1., 0.5, 3., -2.5], requires_grad=True)\n"
C = "c = torch.tensor([1+1j, 2-1j, 0.5j, -1, 2+2j], requires_grad=True)\n"
M = "m = torch.tensor([[0.5, -1., 2., 3.], [1., 0., -2., 0.25], [4., 1.5, -0.5, 1.]], requires_grad=True)\n"
MC = "mc = (torch.tensor([[0.5, -1., 2., 3.], [1., 0., -2., 0.25], [4., 1.5, -0.5, 1.]]) * (1 - 0.5j)).requires_grad_()\n"
SETUP = X + C + M + MC

FORWARD = [
    "F.fft(x)", "F.fft(x, n=3)", "F.fft(x, n=8)", "F.ifft(x)", "F.fft(c)", "F.ifft(c, norm='ortho')",
    "F.fft(c, norm='forward')", "F.ifft(c, n=7, norm='forward')", "F.rfft(x)", "F.rfft(x, n=4)", "F.rfft(x, norm='ortho')",
    "F.irfft(c)", "F.irfft(c, n=5)", "F.irfft(c, n=3, norm='forward')", "F.hfft(c)", "F.hfft(c, n=4)", "F.ihfft(x)",
    "F.ihfft(x, n=5, norm='ortho')", "F.fftn(m)", "F.fft2(m)", "F.ifftn(m, s=(2, 5))", "F.rfftn(m)", "F.rfft2(m, norm='ortho')",
    "F.irfftn(mc)", "F.irfft2(mc, s=(3, 4))", "F.hfftn(mc)", "F.ihfftn(m)", "F.hfft2(mc, s=(3, 6))", "F.ihfft2(m)",
    "F.fftshift(m)", "F.ifftshift(m, dim=1)", "F.fftshift(x)", "F.ifftshift(torch.arange(7))", "F.fft(x.double())",
    "F.fft(torch.arange(4))", "F.fftn(m, dim=0)", "F.fft(m, dim=0)", "F.rfftn(m, s=(-1, 6))", "F.irfftn(mc, s=(2, -1))",
    "F.fftn(mc, dim=(1, 0), norm='ortho')", "F.ifft2(mc)", "F.hfftn(mc, dim=0)", "F.ihfftn(m, dim=(1,))", "F.rfft(m)",
    "F.irfft(mc, dim=0)", "F.fft(torch.tensor(2.))" , "F.fftn(torch.tensor(2.))", "F.fft(x.double(), norm='ortho')",
    "F.rfftn(m.double(), s=(2, 2))", "F.fft(mc, n=2, dim=0)", "F.ifftn(mc, s=(4, 4), dim=(0, 1), norm='forward')",
]
FREQS = ["F.fftfreq(5)", "F.rfftfreq(5, 0.1)", "F.fftfreq(4, dtype=torch.float64)", "F.fftfreq(7, 0.3)",
         "F.rfftfreq(8, d=0.5)", "F.fftfreq(1)", "F.fftfreq(6, requires_grad=True)"]
ERRORS = ["F.fft(x, n=0)", "F.fft(x, dim=2)", "F.fft(x, norm='bad')", "F.rfft(c)", "F.fft(x.half())", "F.irfft(c, n=0)",
          "F.rfftn(mc)", "F.fftn(m, s=(2,), dim=(0, 1))", "F.fftn(m, dim=(0, 0))", "F.irfft(torch.tensor([1j]))",
          "F.fftn(m, s=(1, 2, 3))", "F.hfft(torch.tensor([1j]))", "F.ihfft(c)", "F.ihfftn(mc)", "F.rfft(x, n=-1)"]
LOSSES = [
    "F.fft(x).abs().sum()", "F.fft(x, n=8).real.sum()", "F.ifft(c).abs().sum()", "F.rfft(x).abs().sum()",
    "F.irfft(c).pow(2).sum()", "F.irfft(c, n=7, norm='ortho').pow(2).sum()", "F.hfft(c).pow(2).sum()",
    "F.ihfft(x).abs().sum()", "F.fftn(m).abs().sum()", "F.rfftn(m, norm='forward').abs().sum()", "F.ihfftn(m).abs().sum()",
    "F.hfftn(mc).pow(2).sum()", "F.irfftn(F.rfftn(m), s=(3, 4)).pow(2).sum()", "F.fft(c, n=3).imag.sum()",
    "F.fftshift(m).pow(2).sum()", "(F.fft(c) * F.ifft(c)).abs().sum()", "F.ifft2(mc, norm='ortho').angle().sum()",
    "F.hfft2(mc).sin().sum()", "F.ihfft2(m).imag.sum()", "F.rfft(x, n=9, norm='forward').real.sum()",
]


SIG = "s = torch.arange(16.).sin().requires_grad_()\nb = torch.stack([s.detach(), s.detach() * 2]).requires_grad_()\n"
STFT = [
    "torch.stft(s, 8, return_complex=True, window=torch.ones(8))",
    "torch.stft(s, 8, hop_length=3, win_length=6, window=torch.hann_window(6), return_complex=True, center=False)",
    "torch.stft(s, 8, return_complex=True, onesided=False, normalized=True, window=torch.hann_window(8))",
    "torch.stft(b, 6, hop_length=2, window=torch.hann_window(6), return_complex=True, pad_mode='constant')",
    "torch.stft(s.to(torch.cfloat) * (1 + 1j), 8, window=torch.hann_window(8))",
    "s.stft(8, 4, window=torch.hamming_window(8), return_complex=True)",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.ones(8)), 8, length=16, window=torch.ones(8))",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.hann_window(8)), 8, window=torch.hann_window(8))",
    "torch.istft(torch.stft(b, 6, 2, window=torch.hann_window(6), return_complex=True), 6, 2, window=torch.hann_window(6))",
    "torch.istft(torch.stft(s, 8, 2, 6, window=torch.hann_window(6), return_complex=True, center=False), 8, 2, 6, window=torch.hann_window(6), center=False)",
    "torch.istft(torch.stft(s, 8, return_complex=True, onesided=False, window=torch.hann_window(8)), 8, window=torch.hann_window(8), return_complex=True)",
    "torch.istft(torch.stft(s, 8, return_complex=True, normalized=True, window=torch.hann_window(8)), 8, window=torch.hann_window(8), normalized=True)",
    "torch.hann_window(6)", "torch.hann_window(5, periodic=False)", "torch.hamming_window(7)", "torch.blackman_window(6)",
    "torch.bartlett_window(7)", "torch.bartlett_window(6, periodic=False)", "torch.hann_window(4, dtype=torch.float64)",
    "torch.hann_window(1)", "torch.blackman_window(5, periodic=False)",
]
STFT_ERRORS = [
    "torch.stft(s, 8, window=torch.ones(8))", "torch.stft(s, 20, return_complex=True, window=torch.ones(20), center=False)",
    "torch.stft(s, 8, hop_length=0, return_complex=True, window=torch.ones(8))",
    "torch.stft(s, 8, win_length=9, return_complex=True, window=torch.ones(9))",
    "torch.stft(s, 8, window=torch.ones(7), return_complex=True)", "torch.istft(s, 8, window=torch.ones(8))",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.ones(8)), 6, window=torch.ones(6))",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.ones(8)), 8, hop_length=9, window=torch.ones(8))",
    "torch.stft(torch.ones(2, 2, 9), 4, return_complex=True, window=torch.ones(4))",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.ones(8)), 8, window=torch.zeros(8))",
]
STFT_WARNINGS = [
    "torch.stft(s, 8, return_complex=True)", "torch.stft(s, 8, return_complex=False, window=torch.ones(8))",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.ones(8)), 8)",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.ones(8)), 8, window=torch.ones(8), length=30)",
]
STFT_LOSSES = [
    "torch.stft(s, 8, hop_length=3, win_length=6, window=torch.hann_window(6), return_complex=True, center=False).abs().sum()",
    "torch.stft(b, 6, hop_length=2, window=torch.hann_window(6), return_complex=True).abs().sum()",
    "(torch.istft(torch.stft(s, 8, return_complex=True, window=torch.hann_window(8)), 8, window=torch.hann_window(8)) * torch.arange(16.)).sum()",
    "torch.istft(torch.stft(s, 8, return_complex=True, window=torch.hann_window(8)) * 2j, 8, window=torch.hann_window(8), onesided=True).pow(2).sum()",
]


def build_cases():
    cases = []
    pre = "F = torch.fft\n"
    for i, e in enumerate(FORWARD + FREQS):
        code = (pre + SETUP + f"r = {e}\nprint(r)\n"
                "chain = []\nf = r.grad_fn\nwhile f is not None:\n    chain.append(f.name())\n"
                "    f = f.next_functions[0][0] if f.next_functions else None\n"
                "result = (r, r.is_conj(), chain)")
        cases.append({"id": f"forward/{i:02d}", "code": code})
    for i, e in enumerate(ERRORS):
        cases.append({"id": f"error/{i:02d}", "code": pre + SETUP + f"result = {e}"})
    for i, e in enumerate(LOSSES):
        for dt in ("float", "double"):
            setup = SETUP
            if dt == "double":
                setup += ("x = x.detach().double().requires_grad_()\nc = c.detach().cdouble().requires_grad_()\n"
                          "m = m.detach().double().requires_grad_()\nmc = mc.detach().cdouble().requires_grad_()\n")
            code = (pre + setup + f"loss = {e}\nloss.backward()\n"
                    "result = (loss, x.grad, c.grad, m.grad, mc.grad)")
            cases.append({"id": f"grad/{i:02d}/{dt}", "code": code})
    chain = ("chain = []\nf = r.grad_fn\nwhile f is not None:\n    chain.append(f.name())\n"
             "    f = f.next_functions[0][0] if f.next_functions else None\n")
    for i, e in enumerate(STFT):
        cases.append({"id": f"stft/{i:02d}", "code": SIG + f"r = {e}\nprint(r)\n" + chain + "result = (r, chain)"})
    for i, e in enumerate(STFT_ERRORS):
        cases.append({"id": f"stft-error/{i:02d}", "code": SIG + f"result = {e}"})
    for i, e in enumerate(STFT_WARNINGS):
        cases.append({"id": f"stft-warning/{i:02d}", "code": SIG + f"r = {e}\n" + chain + "result = (r, chain)"})
    for i, e in enumerate(STFT_LOSSES):
        cases.append({"id": f"stft-grad/{i:02d}", "code": SIG + f"loss = {e}\nloss.backward()\n"
                      "result = (loss, s.grad, b.grad)"})
    fw = ("fwAD = torch.autograd.forward_ad\nz = torch.tensor([1+2j, 3-1j, 0.5j, 2.])\nt = torch.tensor([0.5+0.1j, -1j, 2., 1j])\n"
          "x = torch.tensor([1., -2., 0.5, 3.])\ntx = torch.tensor([0.3, 1., -1., 0.5])\nwith fwAD.dual_level():\n"
          "    d = fwAD.make_dual(z, t)\n    dx = fwAD.make_dual(x, tx)\n    r = {}\n"
          "    result = fwAD.unpack_dual(r).tangent\n")
    for name, expr in (("fft", "F.fft(d)"), ("ifft", "F.ifft(d, norm='ortho')"), ("rfft", "F.rfft(dx)"),
                       ("irfft", "F.irfft(d)"), ("hfft", "F.hfft(d)"), ("ihfft", "F.ihfft(dx)"),
                       ("fft-real", "F.fft(dx, n=6)"), ("fftn", "F.fftn(d.reshape(2, 2))")):
        cases.append({"id": f"forward-ad/{name}", "code": pre + fw.format(expr)})
    cases.append({"id": "grad/create-graph", "code": pre + SETUP +
                  "g, = torch.autograd.grad(F.rfft(x).abs().sum(), x, create_graph=True)\n"
                  "h, = torch.autograd.grad(g.pow(2).sum(), x)\nresult = (g, h)"})
    return cases
