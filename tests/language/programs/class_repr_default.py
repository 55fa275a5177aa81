class A:
    pass
print(repr(A).startswith("<class '__main__.A'"), str(A()).startswith("<__main__.A object at 0x"))
print(A)
