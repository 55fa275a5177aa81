from typing import NewType
UserId = NewType("UserId", int)
print(UserId(5), UserId(5) + 1, UserId)
