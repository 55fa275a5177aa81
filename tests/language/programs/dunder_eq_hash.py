class Key:
    def __init__(self, k):
        self.k = k
    def __eq__(self, other):
        return isinstance(other, Key) and self.k == other.k
    def __hash__(self):
        return hash(self.k)
    def __repr__(self):
        return f"Key({self.k})"
d = {Key(1): "one", Key(2): "two"}
print(d[Key(1)], Key(2) in d, len({Key(1), Key(1), Key(3)}))
class NoHash:
    def __eq__(self, other):
        return True
try:
    hash(NoHash())
except TypeError as e:
    print("TypeError", e)
