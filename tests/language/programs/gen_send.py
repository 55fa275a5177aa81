def averager():
    total = 0
    count = 0
    avg = None
    while True:
        v = yield avg
        total += v
        count += 1
        avg = total / count
a = averager()
next(a)
print(a.send(10), a.send(20), a.send(30))
