import copy
a = [[1, 2], [3, 4]]
b = copy.copy(a)
c = copy.deepcopy(a)
a[0].append(99)
print(a, b, c, b[0] is a[0], c[0] is a[0])
