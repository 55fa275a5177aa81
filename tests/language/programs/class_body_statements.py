class Config:
    names = ["a", "b", "c"]
    size = len(names)
    if size > 2:
        big = True
    else:
        big = False
    for i in range(3):
        last = i
    squares = [n * n for n in range(4)]
    del i
print(Config.size, Config.big, Config.last, Config.squares, hasattr(Config, "i"))
