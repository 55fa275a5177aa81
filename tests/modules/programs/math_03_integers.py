import math
print(math.factorial(20), math.comb(10, 3), math.perm(5, 2), math.gcd(12, 18, 24), math.lcm(4, 6))
print(math.isqrt(99), math.prod([1, 2, 3, 4]), math.prod(range(1, 6), start=2), math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.isclose(0.1 + 0.2, 0.3), math.isnan(float("nan")), math.isinf(1e308 * 10), math.isfinite(1.0))
