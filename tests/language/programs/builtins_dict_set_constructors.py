print(set([1, 1, 2]), set("aab") == {"a", "b"}, frozenset(), set(), sorted(frozenset("cab")))
print(list(dict(a=1).items()), tuple({1: 2}), list({3, 1, 2} - {2}))
