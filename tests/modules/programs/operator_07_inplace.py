import operator
a = [1]
b = operator.iadd(a, [2])
print(a, b is a, operator.iadd(1, 2), operator.imul("ab", 2), operator.isub(5, 1), operator.itruediv(1, 2))
print(operator.ipow(2, 5), operator.ilshift(1, 3), operator.ior(1, 2), operator.iconcat([1], [3]), operator.imod(9, 4))
