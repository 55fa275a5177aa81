class Shape:
    def area(self):
        raise NotImplementedError
    def describe(self):
        return f"{self.name()} with area {self.area():.2f}"
class Rect(Shape):
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
    def name(self):
        return "rect"
class Circle(Shape):
    def __init__(self, r):
        self.r = r
    def area(self):
        return 3.14159 * self.r ** 2
    def name(self):
        return "circle"
for s in [Rect(2, 3), Circle(1)]:
    print(s.describe())
try:
    Shape().area()
except NotImplementedError:
    print("abstract")
