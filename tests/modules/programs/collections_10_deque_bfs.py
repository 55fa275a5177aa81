from collections import deque
edges = [[1, 2], [3], [3], []]
seen = [False] * 4
order = []
q = deque([0])
while q:
    n = q.popleft()
    if seen[n]:
        continue
    seen[n] = True
    order.append(n)
    for m in edges[n]:
        q.append(m)
print(order, seen)
