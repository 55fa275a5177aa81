import enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
print(Color.RED, repr(Color.GREEN), Color.BLUE.name, Color.BLUE.value, Color(2), Color["RED"])
print(list(Color), len(Color), Color.RED in Color, Color.RED is Color(1))
