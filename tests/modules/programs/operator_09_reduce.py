import operator
import functools
print(functools.reduce(operator.mul, range(1, 8)), functools.reduce(operator.or_, [1, 2, 4]))
print([operator.add(x, 10) for x in range(3)])
