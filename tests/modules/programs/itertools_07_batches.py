import itertools
it = itertools.chain(range(10))
batches = []
while True:
    batch = list(itertools.islice(it, 3))
    if not batch:
        break
    batches.append(batch)
print(batches)
print(list(itertools.islice("abcdefg", 1, None, 2)), list(itertools.islice(range(100), 95, 200)))
