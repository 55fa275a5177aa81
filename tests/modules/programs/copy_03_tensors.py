import copy
import torch
w = torch.ones(2, requires_grad=True)
(w * 3).sum().backward()
w2 = copy.deepcopy(w)
print(w2, w2.grad, w2.requires_grad, w2.is_leaf)
w2.grad.zero_()
print(w.grad, w2.grad)
s = copy.copy(w)
print(s.grad, s.requires_grad)
