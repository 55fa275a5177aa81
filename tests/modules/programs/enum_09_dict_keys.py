import enum
class Act(enum.Enum):
    RELU = "relu"
    TANH = "tanh"
counts = {Act.RELU: 0, Act.TANH: 0}
for name in ["relu", "tanh", "relu"]:
    counts[Act(name)] += 1
print(counts, Act.RELU == Act("relu"), Act.RELU != Act.TANH)
