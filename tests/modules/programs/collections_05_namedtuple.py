from collections import namedtuple
Point = namedtuple("Point", "x y")
p = Point(1, 2)
print(p, p.x, p[1], tuple(p), len(p), p == (1, 2))
x, y = p
print(x + y, Point(y=5, x=3), Point(*[7, 8]))
Rec = namedtuple("Rec", ["name", "score"], defaults=[0])
print(Rec("a"), Rec("b", 9), Rec("c", score=3), p.count(1), p.index(2))
