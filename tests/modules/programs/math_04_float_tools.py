import math
print(math.frexp(8.0), math.ldexp(0.5, 4), math.modf(3.25), math.fmod(7, -3), math.remainder(7, 3))
print(math.nextafter(1.0, 2.0), math.ulp(1.0), math.erf(0.5), math.erfc(0.5), math.gamma(5), math.lgamma(10))
print(math.pow(2, 0.5), math.expm1(1e-5), math.fabs(-0.0), math.isqrt(10 ** 20))
