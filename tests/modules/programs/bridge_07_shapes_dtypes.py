import torch
import numpy as np
for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.uint8, torch.bool]:
    print(dt, torch.zeros(2, dtype=dt).numpy().dtype)
for nd in [np.float32, np.float64, np.int64, np.int16, np.uint8, np.bool_]:
    print(torch.from_numpy(np.zeros(2, dtype=nd)).dtype)
t = torch.arange(6).reshape(2, 3)
print(t.numpy().shape, t.T.numpy().shape, t.numpy().T, t.numpy().reshape(3, 2))
