import itertools
data = ["aa", "ab", "ba", "bb", "bc", "ca"]
for key, group in itertools.groupby(data, key=lambda s: s[0]):
    print(key, list(group))
print([(k, len(list(g))) for k, g in itertools.groupby("aaabbcaa")])
