class A:
    x = "class"
a = A()
print(a.x)
a.x = "instance"
print(a.x, A.x)
del a.x
print(a.x)
A.x = "changed"
print(a.x)
