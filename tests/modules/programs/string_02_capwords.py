import string
print(string.capwords("hello world  of   python"), string.capwords("a-b c", "-"))
