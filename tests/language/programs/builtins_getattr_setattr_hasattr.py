class C:
    k = 1
    def m(self):
        return "m"
c = C()
setattr(c, "x", 5)
print(getattr(c, "x"), getattr(c, "k"), getattr(c, "m")(), getattr(c, "nope", None), hasattr(c, "x"), hasattr(c, "y"))
delattr(c, "x")
print(hasattr(c, "x"), getattr("abc", "upper")(), hasattr([], "append"), hasattr(3, "real"))
try:
    getattr(c, "zz")
except AttributeError as e:
    print("AttributeError")
