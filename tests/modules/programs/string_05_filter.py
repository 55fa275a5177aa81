import string
text = "Hello, World! 123"
print("".join([c for c in text if c not in string.punctuation]), [c for c in text if c in string.digits])
print(text.lower().strip(string.punctuation + string.digits + " "))
