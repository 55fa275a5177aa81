class Base:
    def __init__(self, v):
        self.v = v
class Child(Base):
    def __init__(self, v):
        super(Child, self).__init__(v * 2)
        self.extra = True
c = Child(5)
print(c.v, c.extra)
