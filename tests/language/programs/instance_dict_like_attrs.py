class Obj:
    pass
o = Obj()
o.a = 1
o.b = [1, 2]
o.b.append(3)
print(o.a, o.b, hasattr(o, "a"), hasattr(o, "c"), getattr(o, "c", "default"))
setattr(o, "c", 5)
print(o.c)
delattr(o, "a")
print(hasattr(o, "a"))
del o.b
print(hasattr(o, "b"))
