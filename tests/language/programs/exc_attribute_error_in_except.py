class A:
    pass
try:
    A().x
except AttributeError as e:
    print("AttributeError", e)
