def letters():
    yield "a"
    yield "b"
    yield "c"
for i, (l, n) in enumerate(zip(letters(), range(10, 13))):
    print(i, l, n)
print(dict(zip(letters(), range(3))), list(enumerate(letters(), 1)))
