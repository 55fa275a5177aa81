from typing import TypeVar, Generic, Iterable, Iterator
T = TypeVar("T")
print(T, Iterable[T], Iterator[int], Generic[T])
