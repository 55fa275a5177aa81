class A:
    def __init__(self, x):
        self.x = x
A()
