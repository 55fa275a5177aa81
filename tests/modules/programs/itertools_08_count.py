import itertools
for i, x in zip(itertools.count(), "abc"):
    print(i, x)
print(list(zip(itertools.count(1.5, 0.5), range(3))), list(itertools.islice(itertools.count(10), 1)))
