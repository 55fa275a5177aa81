import math
print(math.sin(math.pi / 6), math.cos(math.pi), math.tan(math.pi / 4), math.atan2(1, -1))
print(math.asin(1), math.acos(0), math.atan(1), math.degrees(math.pi), math.radians(180))
print(math.sinh(1), math.cosh(1), math.tanh(0.5), math.asinh(1), math.acosh(2), math.atanh(0.5))
print(math.hypot(3, 4), math.hypot(1, 2, 2), math.dist([0, 0], [3, 4]))
