import functools
import numpy as np
mats = [np.eye(2) * k for k in [1.0, 2.0, 3.0]]
print(functools.reduce(np.dot, mats), functools.reduce(lambda a, b: a + b, mats))
