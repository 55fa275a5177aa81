from collections import OrderedDict
od = OrderedDict()
od["b"] = 2
od["a"] = 1
od["c"] = 3
print(od, list(od), od.popitem(), od)
od.move_to_end("b")
print(od, list(od.items()), od.popitem(last=False))
print(OrderedDict.fromkeys("xy", 0))
