def factory(prefix):
    class Base:
        def name(self):
            return prefix + "base"
    class Derived(Base):
        def name(self):
            return prefix + "derived/" + super().name()
    return Derived()
print(factory("x:").name())
