def g():
    try:
        return "try"
    finally:
        print("cleanup")
print(g())
for i in range(3):
    try:
        if i == 0:
            continue
        if i == 2:
            break
        print("body", i)
    finally:
        print("fin", i)
def h():
    try:
        return 1
    finally:
        return 2
print(h())
def swallow():
    try:
        raise ValueError("lost")
    finally:
        return "swallowed"
print(swallow())
