import itertools
xs = [1, 4, 6, 3, 8, 2]
print(list(itertools.takewhile(lambda x: x < 5, xs)), list(itertools.dropwhile(lambda x: x < 5, xs)))
print(list(itertools.filterfalse(lambda x: x % 2, xs)), list(itertools.compress("abcdef", [1, 0, 1, 0, 1, 0])))
print(list(itertools.starmap(lambda a, b: a ** b, [(2, 3), (3, 2)])))
