import string
def shift(text, k):
    out = []
    for ch in text:
        if ch in string.ascii_lowercase:
            out.append(string.ascii_lowercase[(string.ascii_lowercase.index(ch) + k) % 26])
        else:
            out.append(ch)
    return "".join(out)
print(shift("hello, world", 3), shift(shift("abc xyz", 5), -5))
