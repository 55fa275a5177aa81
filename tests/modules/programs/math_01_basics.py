import math
print(math.sqrt(2), math.pi, math.e, math.tau, math.inf, -math.inf, math.nan)
print(math.floor(2.7), math.ceil(2.1), math.trunc(-2.5), math.fabs(-3), math.copysign(2, -0.0))
print(math.exp(1), math.log(10), math.log(8, 2), math.log2(1024), math.log10(0.001), math.log1p(1e-10))
