class A:
    def f(self, a):
        return a
A().f(1, 2)
