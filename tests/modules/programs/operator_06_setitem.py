import operator
xs = [1, 2, 3]
operator.setitem(xs, 0, 10)
operator.delitem(xs, 1)
print(xs, operator.getitem(xs, -1), operator.length_hint([1, 2, 3]))
