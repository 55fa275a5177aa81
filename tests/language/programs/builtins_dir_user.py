class A:
    cls_attr = 1
    def method(self):
        pass
a = A()
a.inst = 2
print([n for n in dir(a) if not n.startswith("_")])
