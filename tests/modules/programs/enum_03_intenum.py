from enum import IntEnum
class Level(IntEnum):
    LOW = 1
    MID = 5
    HIGH = 10
print(Level.MID + 1, Level.LOW < Level.HIGH, sorted([Level.HIGH, Level.LOW]), int(Level.MID), Level(10))
