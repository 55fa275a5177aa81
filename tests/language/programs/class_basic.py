class Point:
    """A point."""
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
p = Point(3, 4)
print(p.x, p.y, p.norm2(), Point.dims, p.dims)
p.x = 10
print(p.norm2())
