import copy
import numpy as np
a = np.arange(4)
b = copy.copy(a)
c = copy.deepcopy([a, a])
b[0] = 100
c[0][1] = 50
print(a, b, c[1], c[0] is c[1])
