def compose(*fs):
    def h(x):
        for f in reversed(fs):
            x = f(x)
        return x
    return h
inc = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc, dbl)(5), compose(dbl, inc)(5), compose()(7))
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])), list(filter(None, [0, 1, "", "a"])))
