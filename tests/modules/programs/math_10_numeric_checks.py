import math
print(math.floor(-0.0), math.ceil(1e-300), int(math.copysign(5, -1)), round(math.pi, 3), math.trunc(7.9))
print(math.sqrt(0.0), math.exp(-1000), math.exp(709), math.log(math.e ** 3), math.log2(0.5))
print(math.factorial(0), math.comb(5, 0), math.gcd(), math.gcd(0, 5), math.isqrt(0), math.prod([]))
xs = [0.5 * i for i in range(5)]
print([math.floor(x) for x in xs], [math.ceil(x) for x in xs], [round(math.tanh(x), 5) for x in xs])
