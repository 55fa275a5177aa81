class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b
    def __eq__(self, other):
        if not isinstance(other, Pair):
            return NotImplemented
        return (self.a, self.b) == (other.a, other.b)
print(Pair(1, 2) == Pair(1, 2), Pair(1, 2) == Pair(2, 1), Pair(1, 2) == 3, Pair(1, 2) != Pair(1, 2))
print(Pair(1, 2) in [Pair(0, 0), Pair(1, 2)])
