from dataclasses import dataclass
@dataclass
class Base:
    name: str
@dataclass
class Child(Base):
    age: int = 0
print(Child("c", 3), Child("d"), isinstance(Child("e"), Base))
