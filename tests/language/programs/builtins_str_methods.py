s = "Hello, World"
print(s.lower(), s.upper(), s.split(", "), s.replace("l", "L", 1), s.find("o"), s.rfind("o"), s.count("l"))
print(s.startswith("He"), s.endswith("x"), "-".join(["a", "b"]), "  pad ".strip(), s[::-1], s.title(), s.swapcase())
print("a1".isalnum(), "12".isdigit(), "ab".isalpha(), "x".zfill(3), "{}+{}".format(1, 2), "%s=%d" % ("n", 3))
