class Suppress:
    def __init__(self, kind):
        self.kind = kind
    def __enter__(self):
        return self
    def __exit__(self, et, e, tb):
        if et is not None and issubclass(et, self.kind):
            print("suppressed", e)
            return True
        return False
with Suppress(ZeroDivisionError):
    1 / 0
print("after")
try:
    with Suppress(KeyError):
        [][1]
except IndexError as e:
    print("IndexError passed through")
