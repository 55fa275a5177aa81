class Outer:
    class Inner:
        def hello(self):
            return "inner"
    def make(self):
        return self.Inner()
print(Outer().make().hello(), Outer.Inner().hello())
