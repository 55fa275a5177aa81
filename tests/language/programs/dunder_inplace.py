class Acc:
    def __init__(self):
        self.total = 0
    def __iadd__(self, v):
        self.total += v
        return self
    def __repr__(self):
        return f"Acc({self.total})"
a = Acc()
b = a
a += 5
a += 7
print(a, a is b)
class NoIadd:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return NoIadd(self.v + o)
n = NoIadd(1)
m = n
n += 2
print(n.v, m.v, n is m)
