import random
import math
random.seed(1)
inside = 0
n = 2000
for _ in range(n):
    x, y = random.random(), random.random()
    if x * x + y * y <= 1:
        inside += 1
print(inside, 4 * inside / n, abs(4 * inside / n - math.pi) < 0.2)
