import enum
@enum.unique
class Mode(enum.Enum):
    A = 1
    B = 2
print(Mode.A, Mode.B)
try:
    @enum.unique
    class Bad(enum.Enum):
        X = 1
        Y = 1
except ValueError as e:
    print("ValueError:", e)
