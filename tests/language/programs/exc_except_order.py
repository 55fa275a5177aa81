try:
    raise KeyError("x")
except LookupError:
    print("lookup first")
except KeyError:
    print("never")
