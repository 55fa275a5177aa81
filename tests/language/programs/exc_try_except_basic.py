try:
    x = 1 / 0
except ZeroDivisionError:
    print("div")
try:
    [][0]
except (KeyError, IndexError) as e:
    print(type(e).__name__ if False else "idx", e)
try:
    {}["k"]
except LookupError as e:
    print("lookup", repr(e), e.args)
