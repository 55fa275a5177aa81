from typing import Union, Optional
print(Union[int, None] == Optional[int], Union[int, int], Union[int, str] == Union[str, int])
