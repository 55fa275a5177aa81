import random
random.seed(2024)
pos = 0
path = []
for step in range(20):
    pos += random.choice([-1, 1])
    path.append(pos)
print(path, max(path), min(path))
