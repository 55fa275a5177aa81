from collections import defaultdict
groups = defaultdict(list)
for word in ["apple", "avocado", "banana", "blueberry", "cherry"]:
    groups[word[0]].append(word)
print(groups, len(groups), groups["z"], list(groups.keys()))
counts = defaultdict(int)
for ch in "hello world":
    counts[ch] += 1
print(counts["l"], counts["o"], counts.get("q"), counts.default_factory)
