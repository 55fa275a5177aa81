def logged(fn):
    def wrapper(self, *args):
        print("call", args)
        return fn(self, *args)
    return wrapper
class Calc:
    @logged
    def add(self, a, b):
        return a + b
    @staticmethod
    @logged
    def nope(self, x):
        return x
print(Calc().add(1, 2), Calc.nope(None, 5))
