import copy
print(copy.copy(5), copy.deepcopy("s"), copy.deepcopy(None), copy.deepcopy(1.5), copy.deepcopy(range(3)))
print(copy.deepcopy([1, "a", (2, 3), [4.5]]), copy.copy([1, 2]), copy.deepcopy(print) is print)
