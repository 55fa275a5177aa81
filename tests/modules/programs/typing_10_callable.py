from typing import Callable, Any, Mapping
F = Callable[..., Any]
print(F, Mapping[str, Any], Callable[[], None])
