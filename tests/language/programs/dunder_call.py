class Adder:
    def __init__(self, n):
        self.n = n
    def __call__(self, x, *, twice=False):
        return x + self.n * (2 if twice else 1)
add3 = Adder(3)
print(add3(1), add3(1, twice=True), list(map(add3, [1, 2])), callable(add3), callable(3))
