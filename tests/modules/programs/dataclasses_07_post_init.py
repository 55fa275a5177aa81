from dataclasses import dataclass, field
@dataclass
class Rect:
    w: float
    h: float
    area: float = field(init=False)
    def __post_init__(self):
        self.area = self.w * self.h
print(Rect(2, 3), Rect(1.5, 2).area)
