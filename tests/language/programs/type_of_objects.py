class A: pass
a = A()
print(type(a) is A, type(3) is int, type("s") is str, type([]) is list, type(a) == A, type(None))
print(type(a), type(1.5), type(A), type(type), type(int) is type, isinstance(A, type))
