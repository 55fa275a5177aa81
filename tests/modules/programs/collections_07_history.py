import collections
losses = collections.deque(maxlen=5)
for step in range(12):
    losses.append(1.0 / (step + 1))
    avg = sum(losses) / len(losses)
print(list(losses), round(avg, 5))
