from dataclasses import dataclass
import math
@dataclass
class Vec:
    x: float
    y: float
    def norm(self):
        return math.hypot(self.x, self.y)
    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)
v = Vec(3.0, 4.0)
print(v.norm(), v + Vec(1.0, 1.0))
