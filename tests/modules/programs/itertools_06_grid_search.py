import itertools
best = None
for lr, bs in itertools.product([0.1, 0.01, 0.001], [16, 32]):
    score = abs(lr - 0.01) * 100 + abs(bs - 32) / 16
    if best is None or score < best[0]:
        best = (score, lr, bs)
print(best)
