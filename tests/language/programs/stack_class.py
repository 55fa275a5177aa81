class Stack:
    def __init__(self):
        self._items = []
    def push(self, x):
        self._items.append(x)
    def pop(self):
        if not self._items:
            raise IndexError("pop from empty stack")
        return self._items.pop()
    def __len__(self):
        return len(self._items)
s = Stack()
s.push(1); s.push(2)
print(s.pop(), len(s), s.pop())
s.pop()
