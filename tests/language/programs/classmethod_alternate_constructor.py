class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d
    @classmethod
    def from_string(cls, s):
        y, m, d = map(int, s.split("-"))
        return cls(y, m, d)
    def __repr__(self):
        return f"Date({self.y}, {self.m}, {self.d})"
print(Date.from_string("2024-03-15"))
