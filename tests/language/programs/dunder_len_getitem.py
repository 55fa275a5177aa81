class Seq:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i
s = Seq(4)
print(len(s), s[2], list(s), [x for x in s], 9 in s, 5 in s)
