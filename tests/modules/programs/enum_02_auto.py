from enum import Enum, auto
class Phase(Enum):
    TRAIN = auto()
    EVAL = auto()
    TEST = auto()
print([p.value for p in Phase], Phase.EVAL, Phase.TEST.name)
