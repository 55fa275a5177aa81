class Range2:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        i = 0
        while i < self.n:
            yield i
            i += 2
print(list(Range2(7)), [x for x in Range2(3)], sum(Range2(10)))
