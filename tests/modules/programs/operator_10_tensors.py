import operator
import torch
a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
print(operator.add(a, b), operator.mul(a, b), operator.matmul(a, b), operator.neg(a), operator.lt(a, b))
print(operator.getitem(b, 1), operator.truediv(b, 2), operator.pow(a, 2))
