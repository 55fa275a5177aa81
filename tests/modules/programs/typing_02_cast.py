from typing import cast, List, TYPE_CHECKING
x = cast(List[int], [1, 2])
print(x, TYPE_CHECKING, cast(float, 3))
