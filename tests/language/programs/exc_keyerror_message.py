d = {"a": 1}
try:
    d["b"]
except KeyError as e:
    print(e, repr(e), e.args[0])
d["zz"]
