def f(x: int, y: float = 1.0) -> float:
    return x * y
count: int = 3
name: str
class P:
    x: int = 0
    y: int = 1
print(f(2, 2.5), count, P.x, P.y)
