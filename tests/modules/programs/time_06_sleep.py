import time
start = time.monotonic()
time.sleep(0.05)
time.sleep(0)
elapsed = time.monotonic() - start
print(elapsed >= 0.04, elapsed < 5)
try:
    time.sleep(-1)
except ValueError as e:
    print("ValueError:", e)
