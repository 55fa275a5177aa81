import enum
class C(enum.Enum):
    A = 1
try:
    C(5)
except ValueError as e:
    print("ValueError:", e)
try:
    C["Z"]
except KeyError as e:
    print("KeyError:", e)
