class A:
    pass
A()()
