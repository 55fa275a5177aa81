import string
letters = string.ascii_lowercase
table = {c: i for i, c in enumerate(letters)}
print(table["a"], table["z"], len(table), sorted(table)[:3])
