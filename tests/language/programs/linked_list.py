class Node:
    def __init__(self, value, next=None):
        self.value = value
        self.next = next
class LinkedList:
    def __init__(self):
        self.head = None
        self.size = 0
    def push(self, v):
        self.head = Node(v, self.head)
        self.size += 1
    def __iter__(self):
        node = self.head
        while node is not None:
            yield node.value
            node = node.next
    def __len__(self):
        return self.size
    def __repr__(self):
        return " -> ".join(str(v) for v in self)
ll = LinkedList()
for i in range(4):
    ll.push(i)
print(ll, len(ll), list(reversed(list(ll))))
