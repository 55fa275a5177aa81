import operator
up = operator.methodcaller("upper")
split = operator.methodcaller("split", ",")
print(up("abc"), split("a,b,c"), operator.methodcaller("replace", "a", "o")("banana"))
print(operator.methodcaller("count", 1)([1, 1, 2]), operator.methodcaller("index", 2)([1, 2]))
