import string
text = "The cat, the hat... and THE bat!"
words = ["".join(c for c in w.lower() if c not in string.punctuation) for w in text.split()]
print(words, [w for w in words if w], set(words) - {""} == {"the", "cat", "hat", "and", "bat"})
