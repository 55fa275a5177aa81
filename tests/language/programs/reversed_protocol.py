class R:
    def __init__(self, xs):
        self.xs = xs
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
print(list(reversed(R([1, 2, 3]))))
class Rev:
    def __reversed__(self):
        return iter([9, 8])
print(list(reversed(Rev())))
