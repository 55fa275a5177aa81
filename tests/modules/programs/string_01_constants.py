import string
print(string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase)
print(string.digits, string.hexdigits, string.octdigits, len(string.printable), string.punctuation)
print(len(string.whitespace), string.whitespace == " \t\n\r\x0b\x0c")
