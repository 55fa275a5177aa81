try:
    raise ValueError("x", 1)
except ValueError as e:
    print(str(e), e.args[1])
