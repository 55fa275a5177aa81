import math
total = 0.0
for k in range(1, 50):
    total += 1 / (k * k)
print(total, math.sqrt(total * 6), math.pi)
vals = [math.exp(-x * x / 2) / math.sqrt(2 * math.pi) for x in [-1, 0, 1]]
print(vals, max(vals), round(sum(vals), 6))
def sigmoid(x):
    return 1 / (1 + math.exp(-x))
print([round(sigmoid(x), 4) for x in range(-2, 3)])
