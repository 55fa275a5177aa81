class A:
    def __call__(self):
        return 1
print(callable(len), callable(A), callable(A()), callable(5), callable(lambda: 0))
print(isinstance(True, int), isinstance(1, (str, float)), isinstance([], list), isinstance(A(), object))
