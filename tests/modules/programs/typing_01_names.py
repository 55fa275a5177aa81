import typing
from typing import List, Optional, Tuple, Dict, Union, Callable, Any
print(List[int], Optional[str], Tuple[int, ...], Dict[str, float], Union[int, str], Callable[[int], float], Any)
