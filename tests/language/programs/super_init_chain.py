class A:
    def __init__(self):
        print("A init")
        self.a = 1
class B(A):
    def __init__(self):
        print("B init")
        super().__init__()
        self.b = 2
class C(B):
    def __init__(self):
        super().__init__()
        print("C init", self.a, self.b)
C()
