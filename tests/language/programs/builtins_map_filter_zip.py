print(list(map(str, [1, 2])), list(map(pow, [2, 3], [3, 2])), list(filter(lambda x: x % 2, range(6))))
print(list(zip([1, 2, 3], "ab")), list(zip()), list(reversed([1, 2, 3])), list(reversed(range(3))), list(reversed("ab")))
