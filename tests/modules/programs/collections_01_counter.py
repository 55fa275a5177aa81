from collections import Counter
c = Counter("mississippi")
print(c, c["s"], c["z"], c.most_common(2), list(c.elements())[:4])
c.update("ss")
c.subtract("i")
print(c, c.total())
print(Counter([1, 1, 2]) + Counter([2, 3]), Counter(a=3) - Counter(a=1))
