import time
t0 = time.time()
p0 = time.perf_counter()
m0 = time.monotonic()
time.sleep(0.01)
print(time.time() >= t0, time.perf_counter() - p0 >= 0.005, time.monotonic() >= m0, time.process_time() >= 0)
print(time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(0)), time.gmtime(86400).tm_mday, time.gmtime(0).tm_year)
print(isinstance(time.time_ns(), int), time.strftime("%j", time.gmtime(1e9)), time.asctime(time.gmtime(0)))
