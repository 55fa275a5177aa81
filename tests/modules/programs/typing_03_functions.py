from typing import List, Sequence
def total(xs):
    return sum(xs)
print(total([1, 2, 3]), Sequence[int], List)
