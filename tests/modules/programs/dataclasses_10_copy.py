import copy
from dataclasses import dataclass, field
@dataclass
class State:
    step: int
    history: list = field(default_factory=list)
a = State(1, [1.0])
b = copy.deepcopy(a)
b.history.append(2.0)
c = copy.copy(a)
c.history.append(3.0)
print(a, b, c, a == c)
