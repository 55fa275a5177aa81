from typing import List, ClassVar
class Model:
    name: str
    layers: List[int]
    count: ClassVar[int] = 0
    def __init__(self, name: str) -> None:
        self.name = name
        self.layers = [1, 2]
        Model.count += 1
m = Model("net")
print(m.name, m.layers, Model.count)
