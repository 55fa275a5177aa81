from dataclasses import dataclass
@dataclass
class Point:
    x: int
    y: int = 0
p = Point(1, 2)
print(p, p.x, p.y, Point(3), p == Point(1, 2), p != Point(2, 1))
