e = {}
print(type(e) is dict, e, set(), {()} , len({(1, 2), (1, 2)}))
