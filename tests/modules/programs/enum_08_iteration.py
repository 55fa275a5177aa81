import enum
class Split(enum.Enum):
    TRAIN = 0.8
    VAL = 0.1
    TEST = 0.1
total = 0
for s in Split:
    total += s.value
    print(s.name, s.value)
print(round(total, 6), [s.name.lower() for s in Split])
