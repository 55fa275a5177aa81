class A: pass
class B(A): pass
class C: pass
for obj in [A(), B(), C(), 3, "s"]:
    print(isinstance(obj, (A, C)), isinstance(obj, B), isinstance(obj, object), type(obj).__name__ if False else "")
print(issubclass(B, (C, A)), issubclass(bool, int))
