words = ["apple", "bob", "kiwi", "banana"]
lengths = {w: len(w) for w in words}
print(lengths)
inv = {v: k for k, v in lengths.items() if v > 3}
print(inv)
print({i: [j for j in range(i)] for i in range(4)})
print({(a, b): a * b for a in range(2) for b in range(2)})
