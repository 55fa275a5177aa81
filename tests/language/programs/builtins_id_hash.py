a = [1]
b = a
print(id(a) == id(b), id(a) == id([1]), hash(1) == hash(1.0), hash("x") == hash("x"), hash((1, 2)) == hash((1, 2)))
try:
    hash([1])
except TypeError as e:
    print(e)
