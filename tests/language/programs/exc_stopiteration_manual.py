it = iter([1, 2])
while True:
    try:
        v = next(it)
    except StopIteration:
        print("done")
        break
    print(v)
