e = ValueError("a", 2)
print(e.args, str(e), repr(e))
e2 = KeyError("k")
print(str(e2), repr(e2))
e3 = Exception()
print(repr(e3), str(e3) == "", e3.args)
class WithData(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
w = WithData(404, "not found")
print(w.code, w.args, str(w), repr(w))
