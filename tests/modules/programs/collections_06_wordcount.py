import collections
text = "the quick brown fox jumps over the lazy dog the end"
c = collections.Counter(text.split())
print(c.most_common(3))
by_len = collections.defaultdict(list)
for w in text.split():
    by_len[len(w)].append(w)
print(by_len[3], by_len[5], max(by_len))
