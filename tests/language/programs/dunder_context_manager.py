class Tag:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print(f"<{self.name}>")
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        print(f"</{self.name}>", exc_type is not None)
        return False
with Tag("a") as t:
    print("inside", t)
with Tag("x"), Tag("y"):
    print("both")
