import enum
class Op(enum.Enum):
    ADD = "+"
    MUL = "*"
    def apply(self, a, b):
        if self is Op.ADD:
            return a + b
        return a * b
print(Op.ADD.apply(2, 3), Op.MUL.apply(2, 3), Op("*"), Op.ADD.value)
