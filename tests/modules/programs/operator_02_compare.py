import operator
print(operator.lt(1, 2), operator.le(2, 2), operator.eq(1, 1.0), operator.ne(1, 2), operator.gt(1, 2), operator.ge(3, 2))
print(operator.not_(0), operator.truth([]), operator.is_(None, None), operator.is_not(1, None), operator.contains([1, 2], 2))
print(operator.countOf([1, 2, 1], 1), operator.indexOf("abc", "c"), operator.index(7), operator.concat([1], [2]))
