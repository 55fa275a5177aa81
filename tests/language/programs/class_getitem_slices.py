class Grid:
    def __init__(self):
        self.data = list(range(10))
    def __getitem__(self, key):
        if isinstance(key, slice):
            return self.data[key]
        if isinstance(key, tuple):
            return [self.data[k] for k in key]
        return self.data[key]
g = Grid()
print(g[3], g[2:5], g[::3], g[1, 2, 3], g[-1])
