import functools
def cmp(a, b):
    return (a > b) - (a < b)
key = functools.cmp_to_key(cmp)
print(key(1) < key(2), key(3) > key(2))
items = [3, 1, 2]
items.sort(key=functools.cmp_to_key(lambda a, b: b - a))
print(items)
