import itertools
print(list(itertools.chain([1, 2], (3,), "ab")), list(itertools.islice(itertools.count(5, 2), 4)))
print(list(itertools.repeat("x", 3)), list(itertools.islice(itertools.cycle("ab"), 5)))
print(list(itertools.accumulate([1, 2, 3, 4])), list(itertools.accumulate([1, 2, 3], lambda a, b: a * b)))
