# torch.finfo / torch.iinfo as torch 2.13 reports them; the expected output is torch's:
#   ATEN_CPU_CAPABILITY=avx2 python tests/golden/type_info_program.py > tests/golden/type_info_program.expected
# (run with a real torch; tests/engine/test_type_info.py runs it through gradcalc and compares)
import torch
for d in (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64, torch.complex128):
    f = torch.finfo(d)
    print(repr(f))
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, repr(f.dtype), type(f.eps))
print(torch.finfo())
print(torch.finfo().eps == torch.finfo(torch.float32).eps, torch.finfo(torch.float32) == torch.finfo(torch.float32))
for d in (torch.int32, torch.int64, torch.uint8, torch.int8, torch.int16):
    i = torch.iinfo(d)
    print(i, i.bits, i.max, i.min, repr(i.dtype))
print(type(torch.finfo(torch.float32)), torch.finfo)
x = torch.tensor([1.0, 2.0])
print(x.clamp(min=torch.finfo(x.dtype).eps).log())
for bad in (lambda: torch.finfo(torch.int32), lambda: torch.iinfo(torch.float32), lambda: torch.finfo(3), lambda: torch.finfo(torch.bool), lambda: torch.iinfo(torch.bool)):
    try:
        bad()
    except Exception as e:
        print(repr(e))
