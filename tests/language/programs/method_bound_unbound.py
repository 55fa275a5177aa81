class C:
    def __init__(self, v):
        self.v = v
    def get(self):
        return self.v
c = C(7)
m = c.get
print(m(), C.get(c), list(map(C.get, [C(1), C(2)])))
