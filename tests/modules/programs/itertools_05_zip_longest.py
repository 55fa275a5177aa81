import itertools
print(list(itertools.zip_longest([1, 2, 3], "ab")), list(itertools.zip_longest([1], [2, 3], fillvalue=0)))
print(list(itertools.pairwise([1, 2, 3, 4])), list(itertools.chain.from_iterable([[1, 2], [3]])))
a, b = itertools.tee([1, 2, 3])
print(list(a), list(b))
