import dataclasses
@dataclasses.dataclass(frozen=True)
class Hyper:
    lr: float = 0.1
    momentum: float = 0.9
h = Hyper()
h2 = dataclasses.replace(h, lr=0.01)
print(h, h2, h == h2, hash(h) == hash(Hyper()))
try:
    h.lr = 5
except dataclasses.FrozenInstanceError as e:
    print("frozen:", e)
