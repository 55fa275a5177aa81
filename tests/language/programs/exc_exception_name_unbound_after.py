try:
    raise ValueError("x")
except ValueError as err:
    pass
try:
    print(err)
except NameError as e:
    print("NameError:", e)
