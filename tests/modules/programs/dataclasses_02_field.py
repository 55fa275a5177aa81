from dataclasses import dataclass, field
from typing import List
@dataclass
class Batch:
    name: str
    items: List[int] = field(default_factory=list)
    size: int = field(default=8, repr=False)
a = Batch("a")
b = Batch("b")
a.items.append(1)
print(a, b, a.size, b.items)
