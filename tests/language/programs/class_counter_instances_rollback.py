class C:
    n = 0
    def __init__(self):
        C.n += 1
C(); C()
print(C.n)
