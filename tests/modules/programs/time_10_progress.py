import time
from time import perf_counter
t0 = perf_counter()
steps = 0
for epoch in range(3):
    for batch in range(4):
        steps += 1
    print(f"epoch {epoch} steps {steps}")
print(perf_counter() - t0 >= 0)
