import functools
import operator
print(functools.reduce(operator.add, [1, 2, 3, 4]), functools.reduce(lambda a, b: a * b, range(1, 6), 1))
print(functools.reduce(max, [3, 9, 2]), functools.reduce(operator.concat, [[1], [2, 3]]))
