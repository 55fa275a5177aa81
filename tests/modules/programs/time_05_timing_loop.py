import time
timings = []
for n in [10, 100, 1000]:
    start = time.perf_counter()
    total = sum(i * i for i in range(n))
    timings.append(time.perf_counter() - start)
    print(n, total)
print(len(timings), all(t >= 0 for t in timings))
