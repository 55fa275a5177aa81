class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)
    def __rmul__(self, k):
        return self * k
    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
    def __matmul__(self, o):
        return self.x * o.x + self.y * o.y
    def __repr__(self):
        return f"Vec({self.x}, {self.y})"
a, b = Vec(1, 2), Vec(3, 4)
print(a + b, a - b, a * 3, 2 * a, b / 2, -a, abs(b), a @ b)
