import operator
rows = [("b", 2), ("a", 3), ("c", 1)]
rows.sort(key=operator.itemgetter(1))
print(rows, operator.itemgetter(0, 1)("xyz"), operator.itemgetter(-1)([1, 2, 3]))
print([operator.itemgetter(0)(r) for r in rows])
