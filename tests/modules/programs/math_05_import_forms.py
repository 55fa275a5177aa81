from __future__ import annotations
from __future__ import division, print_function
import math as m
from math import sqrt, pi as PI, floor
print(m.sqrt(16), sqrt(2), PI, floor(-0.5))
from math import *
print(cos(0), inf > 1e308, isclose(tau, 2 * pi), e)
