import time
a = time.perf_counter()
b = time.perf_counter()
c = time.monotonic()
d = time.monotonic()
print(b >= a, d >= c, time.perf_counter_ns() > 0, time.monotonic_ns() > 0, time.time_ns() > 10 ** 18)
print(isinstance(time.time(), float), isinstance(time.process_time(), float), time.process_time_ns() >= 0)
