import copy
inner = [1]
outer = [inner, inner]
d = copy.deepcopy(outer)
print(d, d[0] is d[1], d[0] is inner)
t = (inner, 2)
dt = copy.deepcopy(t)
print(dt, dt[0] is inner, copy.copy(t) is t, copy.deepcopy((1, 2)) == (1, 2))
