import time
from time import perf_counter, sleep
start = perf_counter()
acc = 0
for i in range(1000):
    acc += i
elapsed = perf_counter() - start
print(acc, elapsed >= 0, elapsed < 60)
sleep(0)
g = time.gmtime(1700000000)
print(g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g[0], time.mktime(time.localtime(1700000000)) == 1700000000)
