def g(flag):
    if flag:
        yield "yes"
    else:
        yield "no"
    n = 0
    while n < 2:
        n += 1
        if n == 1:
            continue
        yield n
    for i in range(2):
        try:
            yield i
        finally:
            pass
print(list(g(True)), list(g(False)))
