from typing import Literal, Final, ClassVar, Set, FrozenSet, Type
print(Literal["a", "b"], Final[int], ClassVar[int], Set[int], FrozenSet[str], Type[int])
