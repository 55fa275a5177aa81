from dataclasses import dataclass
@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
vs = [Version(1, 2), Version(0, 9), Version(1, 0)]
print(sorted(vs), max(vs), Version(1) < Version(1, 1))
