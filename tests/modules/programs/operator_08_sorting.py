import operator
pairs = [(1, "b"), (1, "a"), (0, "z")]
pairs.sort(key=operator.itemgetter(0, 1))
print(pairs)
pairs.sort(key=operator.itemgetter(1), reverse=True)
print(pairs)
