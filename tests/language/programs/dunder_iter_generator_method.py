class Tree:
    def __init__(self, value, children=()):
        self.value = value
        self.children = list(children)
    def __iter__(self):
        yield self.value
        for c in self.children:
            yield from c
t = Tree(1, [Tree(2, [Tree(3)]), Tree(4)])
print(list(t), sum(t), max(t))
