def squares(n):
    for i in range(n):
        yield i * i
g = squares(4)
print(next(g), next(g), list(g), list(g))
print(sum(squares(5)), max(squares(5)), list(zip(squares(3), "abc")))
