class Version:
    def __init__(self, *parts):
        self.parts = parts
    def __eq__(self, other):
        return self.parts == other.parts
    def __lt__(self, other):
        return self.parts < other.parts
    def __le__(self, other):
        return self.parts <= other.parts
    def __gt__(self, other):
        return self.parts > other.parts
    def __ge__(self, other):
        return self.parts >= other.parts
    def __repr__(self):
        return ".".join(str(p) for p in self.parts)
vs = [Version(1, 2), Version(1, 0, 5), Version(0, 9), Version(1, 2)]
print(sorted(vs), max(vs), min(vs), vs[0] == vs[3], vs[0] != vs[1], vs[1] < vs[0], vs[2] >= vs[1])
