xs = [3, 1, 4, 1, 5, 9, 2, 6]
print(sum(x * x for x in xs), max(x for x in xs if x % 2 == 0), any(x > 8 for x in xs), all(x > 0 for x in xs))
g = (x + 1 for x in xs)
print(next(g), next(g), list(g))
print(sorted((x for x in xs), reverse=True), tuple(c for c in "ab"), set(x % 3 for x in xs))
print(list((i, j) for i in range(2) for j in range(2) if i != j))
