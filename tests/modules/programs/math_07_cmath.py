import cmath
import math
j = cmath.sqrt(-1)
z = 3 + 4 * j
print(abs(z), cmath.phase(z), cmath.polar(z), cmath.rect(2, math.pi / 2))
print(cmath.sqrt(-1), cmath.exp(j * math.pi), cmath.log(j), cmath.isclose(cmath.exp(0), 1))
print(cmath.pi, cmath.sin(j), cmath.cos(0), cmath.isfinite(z), cmath.inf)
