class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(Countdown(3)))
for v in Countdown(2):
    print(v)
it = iter(Countdown(2))
print(next(it), next(it), next(it, "done"))
