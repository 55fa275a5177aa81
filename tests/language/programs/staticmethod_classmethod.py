class M:
    factor = 3
    @staticmethod
    def add(a, b):
        return a + b
    @classmethod
    def scaled(cls, v):
        return cls.factor * v
    @classmethod
    def make(cls):
        return cls()
class N(M):
    factor = 10
print(M.add(1, 2), M().add(3, 4), M.scaled(2), N.scaled(2), type(N.make()) is N, N().scaled(1))
