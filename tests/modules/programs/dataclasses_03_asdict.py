import dataclasses
@dataclasses.dataclass
class Config:
    lr: float
    epochs: int = 10
    layers: tuple = (64, 32)
c = Config(0.01)
print(dataclasses.asdict(c), dataclasses.astuple(c), [f.name for f in dataclasses.fields(c)])
print(dataclasses.is_dataclass(c), dataclasses.is_dataclass(Config), dataclasses.is_dataclass(3))
