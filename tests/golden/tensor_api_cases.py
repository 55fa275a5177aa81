"""Golden cases for the tensor API around the ops: ``new_*``, ``out=``, devices and
``.to()``, legacy types and constructors, ``Variable``, in-place variants, layout
queries, ``item``. Each case is one Python expression over the inputs of
tensor_api_runner.py; tensor_api_generate.py runs them under real torch.
"""

NEW = [
    "x.new_ones(2, 3)", "x.new_ones((2, 3))", "x.new_ones([2])", "x.new_ones(2, 3, dtype=torch.double)",
    "i.new_ones(3)", "b.new_zeros(2)", "x.new_zeros(2, requires_grad=True)", "i.new_zeros(2, requires_grad=True)",
    "x.new_zeros(())", "x.new_full((2,), 7)", "i.new_full((2, 2), 7.5)", "x.new_full([3], 2, dtype=torch.int32)",
    "x.new_full(2, 3.0)", "x.new_empty(2, 3).shape", "x.new_empty((0,)).dtype", "d.new_empty(2).dtype",
    "x.new_tensor([1, 2])", "i.new_tensor([1.7, 2])", "x.new_tensor([[1, 2]], dtype=torch.int64)",
    "x.new_tensor(3)", "x.new_tensor(y)", "x.new_tensor([1.0], requires_grad=True)", "xg.new_ones(2)",
    "x.new_ones(2, device='cpu')", "x.new_ones(2, device='cuda')", "x.new_tensor('a')",
]

DEVICE = [
    "torch.device('cpu')", "torch.device('cuda')", "torch.device('cuda:1')", "torch.device('cpu', 0)",
    "torch.device('cuda', 2)", "str(torch.device('cuda:0'))", "str(torch.device('cpu'))", "torch.device('foo')",
    "torch.device('cpu') == torch.device('cpu')", "torch.device('cpu') == torch.device('cpu:0')",
    "torch.device('cpu') == 'cpu'", "torch.device('cuda:3').index", "torch.device('cuda:3').type",
    "torch.device('cpu').index", "torch.device(torch.device('cuda'))", "torch.device('mps')",
    "x.device", "x.device.type", "x.is_cpu", "x.is_cuda", "x.get_device()",
    "x.cpu() is x", "x.cuda()", "x.cuda(0)", "x.to('cuda')", "x.to('cuda:0')", "x.to(torch.device('cuda'))",
    "x.to('cpu') is x", "x.to(torch.device('cpu')) is x", "x.to('cpu', torch.int32)", "x.to(torch.float64)",
    "x.to(torch.tensor([1]))", "x.to(d)", "x.to(device='cpu', dtype=torch.float16)", "x.to(x) is x",
    "x.to(dtype=torch.int64)", "xg.to(torch.float64)", "xg.to('cpu') is xg", "xg.to(torch.int64)",
    "x.to('cpu', copy=True) is x", "x.to('cpu', non_blocking=True) is x",
    "torch.zeros(2, device='cuda')", "torch.ones(2, device=torch.device('cpu'))", "torch.tensor([1], device='cuda')",
    "torch.tensor([1.0], device='cpu')", "torch.arange(3, device='cpu')", "torch.eye(2, device='cpu')",
    "torch.full((2,), 1.0, device='cpu')", "torch.zeros_like(x, device='cpu')", "torch.empty(2, device='cpu').shape",
    "torch.linspace(0, 1, 3, device='cpu')", "torch.as_tensor([1, 2], device='cpu')",
    "torch.cuda.is_available()", "torch.cuda.device_count()", "torch.cuda.is_initialized()",
    "torch.cuda.current_device()", "torch.cuda.get_device_name()", "torch.cuda.manual_seed(0)",
    "torch.cuda.manual_seed_all(0)", "torch.cuda.synchronize()", "torch.cuda.empty_cache()",
    "torch.backends.mps.is_available()", "torch.backends.mps.is_built()", "torch.backends.cudnn.is_available()",
    "torch.accelerator.is_available()", "torch.accelerator.current_accelerator()",
    "torch.set_default_device('cpu')", "torch.get_default_device()",
]

TYPES = [
    "x.type()", "d.type()", "i.type()", "i32.type()", "b.type()", "h.type()", "u8.type()",
    "x.type(torch.DoubleTensor)", "x.type('torch.IntTensor')", "x.type(torch.int64)", "x.type(torch.FloatTensor) is x",
    "x.type('torch.FloatTensor') is x", "x.type('torch.Foo')", "i.type_as(x)", "x.type_as(i32)",
    "torch.FloatTensor([1, 2])", "torch.FloatTensor(2, 3).shape", "torch.FloatTensor(2, 3).dtype",
    "torch.DoubleTensor([1, 2])", "torch.LongTensor([1.5, 2])", "torch.LongTensor(3).dtype", "torch.IntTensor([1, 2])",
    "torch.BoolTensor([1, 0])", "torch.ByteTensor([1, 0])", "torch.ShortTensor([1]).dtype", "torch.HalfTensor([1.5])",
    "torch.CharTensor([1]).dtype", "torch.FloatTensor()", "torch.FloatTensor(torch.Size([2])).shape",
    "torch.FloatTensor(3.5)", "torch.FloatTensor('a')", "torch.FloatTensor(x) is x", "torch.FloatTensor((2, 3))",
    "isinstance(x, torch.FloatTensor)", "isinstance(x, torch.DoubleTensor)", "isinstance(i, torch.LongTensor)",
    "isinstance(x, torch.Tensor)", "repr(torch.FloatTensor)", "repr(torch.LongTensor)",
    "torch.Tensor(2, 3).shape", "torch.Tensor(2, 3).dtype", "torch.Tensor([1, 2])", "torch.Tensor([[1, 2], [3, 4]])",
    "torch.Tensor()", "torch.Tensor((2, 3))", "torch.Tensor(torch.Size([2, 1])).shape", "torch.Tensor(3.5)",
    "torch.Tensor(i)", "torch.Tensor(0).shape",
    "torch.autograd.Variable(x)", "torch.autograd.Variable(x, requires_grad=True)",
    "(torch.autograd.Variable(x, requires_grad=True), x.requires_grad)[1]", "torch.autograd.Variable(x) is x",
    "isinstance(x, torch.autograd.Variable)", "torch.autograd.Variable([1, 2])",
    "torch.compile(torch.sin)(x)", "torch.compile(mode='reduce-overhead')(torch.sin)(x)",
]

QUERIES = [
    "torch.is_tensor(x)", "torch.is_tensor([1])", "torch.is_floating_point(x)", "torch.is_floating_point(i)",
    "x.is_floating_point()", "h.is_floating_point()", "torch.numel(x)", "x.numel()", "x.nelement()",
    "x.element_size()", "d.element_size()", "b.element_size()", "h.element_size()", "i.element_size()",
    "x.nbytes", "d.nbytes", "b.nbytes", "x.itemsize", "i.itemsize",
    "x.stride()", "x.stride(0)", "x.stride(-1)", "x.t().stride()", "x[:, 1].stride()", "x[1].stride()",
    "x.unsqueeze(1).stride()", "x.expand(4, 2, 3).stride()", "s.stride()", "torch.ones(2, 1, 3).stride()",
    "torch.ones(0, 3).stride()", "x.stride(2)",
    "x.storage_offset()", "x[1].storage_offset()", "x[1, 2].storage_offset()", "x[:, 1:].storage_offset()",
    "x.t().storage_offset()", "x.is_contiguous()", "x.t().is_contiguous()", "x[:, 1].is_contiguous()",
    "x[1].is_contiguous()", "x.t().contiguous().is_contiguous()", "x.expand(4, 2, 3).is_contiguous()",
    "x.unsqueeze(0).is_contiguous()", "s.is_contiguous()",
    "x.data_ptr() == x.view(3, 2).data_ptr()", "x.data_ptr() == x.clone().data_ptr()",
    "x[1].data_ptr() - x.data_ptr()", "d[1].data_ptr() - d.data_ptr()", "x.data_ptr() == x.data_ptr()",
    "x.data_ptr() == x.detach().data_ptr()", "x.data_ptr() == x.data.data_ptr()",
    "x.is_signed()", "u8.is_signed()", "b.is_signed()", "torch.is_signed(i)", "x.is_complex()",
    "torch.is_complex(x)", "x.is_conj()", "x.is_neg()", "x.is_inference()", "x.is_same_size(y)",
    "x.is_same_size(d)", "torch.is_nonzero(s)", "torch.is_nonzero(x)", "x.resolve_conj() is x",
    "torch.positive(x) is x", "torch.positive(b)",
    "s.item()", "x[0, 1].item()", "d[0, 0].item()", "i[0, 1].item()", "i32[0].item()", "b[0].item()",
    "h[0].item()", "u8[1].item()", "x.item()", "type(i[0, 0].item()).__name__", "type(b[0].item()).__name__",
    "type(s.item()).__name__",
]

OUT = [
    "(lambda r: (torch.add(x, y, out=r), r))(torch.empty(2, 3))",
    "(lambda r: torch.add(x, y, out=r) is r)(torch.empty(2, 3))",
    "(lambda r: (torch.add(x, y, out=r), r.shape))(torch.empty(5))",
    "(lambda r: (torch.add(x, y, out=r), r.shape))(torch.empty(0))",
    "torch.add(x, y, out=torch.empty(2, 3, dtype=torch.int64))",
    "torch.add(x, y, out=torch.empty(2, 3, dtype=torch.float64))",
    "torch.add(i, i, out=torch.empty(2, 3))", "torch.add(i, i, out=torch.empty(2, 3, dtype=torch.bool))",
    "torch.add(xg, y, out=torch.empty(2, 3))", "torch.mul(x, y, out=torch.empty(2, 3, requires_grad=True))",
    "torch.sin(xg, out=torch.empty(2, 3))", "torch.sum(x, 0, out=torch.empty(3))",
    "torch.sin(x, out=torch.empty(2, 3, dtype=torch.int32))", "torch.matmul(x, y.t(), out=torch.empty(0))",
    "torch.eq(x, y, out=torch.empty(2, 3))", "torch.lt(x, y, out=torch.empty(2, 3, dtype=torch.int64))",
    "torch.cat([x, y], out=torch.empty(0))", "torch.stack([x, y], 1, out=torch.empty(2, 2, 3))",
    "torch.zeros(2, out=torch.empty(3))", "torch.ones(2, 2, out=torch.empty(4, dtype=torch.int64))",
    "torch.arange(3, out=torch.empty(3))", "torch.exp(x, out=x)", "torch.mm(x, y.t(), out=torch.empty(2, 2))",
    "torch.pow(x, 2, out=torch.empty(2, 3))", "torch.sqrt(d, out=torch.empty(2, 2))",
    "torch.mean(x, 1, out=torch.empty(2))", "torch.clamp(x, 0, 1, out=torch.empty(2, 3))",
    "torch.where(x > 0, x, y, out=torch.empty(2, 3))", "torch.sub(x, y, alpha=2, out=torch.empty(2, 3))",
    "torch.div(x, y, out=torch.empty(2, 3))", "torch.neg(x, out=torch.empty(2, 3, dtype=torch.float16))",
    "torch.add(x, y, out=x)",
    "torch.add(x, y, out=5)",
]

INPLACE = [
    "x.clone().asin_()", "x.clone().acosh_()", "x.clone().absolute_()", "x.clone().arctan_()", "x.clone().negative_()",
    "x.clone().eq_(y)", "x.clone().lt_(0.5)", "x.clone().ge_(y)", "i.clone().floor_divide_(2)", "x.clone().true_divide_(2)",
    "x.clone().fix_()", "x.clone().t_()", "x.clone().transpose_(0, 1)", "x.clone().unsqueeze_(0)", "x.clone().squeeze_()",
    "torch.sin_(x.clone())", "torch.exp_(x.clone())", "torch.relu_(x.clone())", "torch.sigmoid_(x.clone())",
    "torch.abs_(x.clone())", "torch.clamp_(x.clone(), 0, 1)", "torch.zero_(x.clone())", "torch.fill_(x.clone(), 2)",
    "torch.square_(x.clone())", "torch.neg_(x.clone())", "torch.trunc_(x.clone())",
    "(xg * 1).sin_()", "(xg * 1).asinh_()", "(xg * 1).atan_()", "xg.sin_()", "i.clone().sin_()",
    "b.clone().logical_not_()", "i.clone().bitwise_and_(3)", "x.clone().logical_and_(y)",
    "x.clone().mul_(i)", "i.clone().mul_(x)",
]


def build_cases():
    out = []
    seen = set()
    for area, exprs in (("new", NEW), ("device", DEVICE), ("types", TYPES), ("queries", QUERIES), ("out", OUT),
                        ("inplace", INPLACE)):
        for e in exprs:
            assert e not in seen, e
            seen.add(e)
            out.append({"id": e, "area": area, "expr": e})
    return out
