from typing import List, Optional, Dict
def mean(xs: List[float]) -> float:
    return sum(xs) / len(xs)
def find(d: Dict[str, int], k: str) -> Optional[int]:
    return d.get(k)
print(mean([1.0, 2.0, 4.0]), find({"a": 1}, "a"), find({}, "b"))
