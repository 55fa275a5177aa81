from collections import deque
q = deque([1, 2, 3])
q.append(4)
q.appendleft(0)
print(q, q.pop(), q.popleft(), q)
q.rotate(1)
print(q, len(q), q[0], q[-1])
w = deque(maxlen=3)
for i in range(6):
    w.append(i)
print(w, w.maxlen, list(w), 4 in w)
q.extendleft([9, 8])
q.reverse()
print(q, q.count(9), q.index(2))
