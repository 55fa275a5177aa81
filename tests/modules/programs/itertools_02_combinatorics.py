import itertools
print(list(itertools.product("ab", repeat=2)), list(itertools.product([1, 2], [3, 4])))
print(list(itertools.permutations([1, 2, 3])), len(list(itertools.permutations(range(5), 2))))
print(list(itertools.combinations("abcd", 2)), list(itertools.combinations_with_replacement([1, 2], 2)))
