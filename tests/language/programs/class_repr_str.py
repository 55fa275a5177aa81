class V:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return f"V({self.v!r})"
class S(V):
    def __str__(self):
        return f"<{self.v}>"
print(V(1), repr(V('a')), [V(2), V(3)], S(5), repr(S(5)), str(S(6)), f"{S(7)} {S(8)!r}")
