class Empty:
    def __len__(self):
        return 0
class Truthy:
    def __bool__(self):
        return True
class Falsy:
    def __bool__(self):
        return False
class Plain:
    pass
print(bool(Empty()), bool(Truthy()), bool(Falsy()), bool(Plain()), "yes" if Falsy() else "no", not Empty())
