items = [3, 1, 3, 2, 1]
seen = set()
out = []
for x in items:
    if x not in seen:
        seen.add(x)
        out.append(x)
print(out, sorted(set(items)), list(dict.fromkeys(items)) if False else list({x: None for x in items}))
