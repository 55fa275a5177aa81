data = {"a": [1, 2, {"b": (3, 4)}]}
print(data["a"][2]["b"][1], len(data["a"]), [type(x) is int for x in data["a"]])
