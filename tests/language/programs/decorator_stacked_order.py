def tag(t):
    def deco(fn):
        print("decorating with", t)
        def w():
            return f"<{t}>{fn()}</{t}>"
        return w
    return deco
@tag("b")
@tag("i")
def text():
    return "hi"
print(text())
