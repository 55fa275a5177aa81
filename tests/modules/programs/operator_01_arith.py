import operator
print(operator.add(1, 2), operator.sub(5, 3), operator.mul(2, 4), operator.truediv(1, 4), operator.floordiv(7, 2))
print(operator.mod(7, 3), operator.pow(2, 10), operator.neg(3), operator.pos(-3), operator.abs(-2.5))
print(operator.and_(6, 3), operator.or_(4, 1), operator.xor(5, 1), operator.invert(0), operator.lshift(1, 4), operator.rshift(16, 2))
