class Counter:
    count = 0
    items = []
    def __init__(self):
        Counter.count += 1
        self.items.append(Counter.count)
a = Counter(); b = Counter(); c = Counter()
print(Counter.count, a.items is b.items, Counter.items)
a.count = 100
print(a.count, b.count, Counter.count)
