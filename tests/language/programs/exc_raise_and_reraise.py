def check(v):
    if v < 0:
        raise ValueError(f"negative: {v}")
    return v
try:
    check(-1)
except ValueError as e:
    print("caught", e)
def wrapper():
    try:
        check(-2)
    except ValueError:
        print("logging")
        raise
try:
    wrapper()
except ValueError as e:
    print("outer", e.args)
