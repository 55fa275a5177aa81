import enum
class Shape(enum.Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2
print(Shape.ALIAS_FOR_SQUARE, list(Shape), Shape(2))
