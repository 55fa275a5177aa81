def append(x, into=[]):
    into.append(x)
    return into
print(append(1), append(2), append(3, []))
