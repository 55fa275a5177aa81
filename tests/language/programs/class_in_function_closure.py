def make_class(k):
    class K:
        def get(self):
            return k
        def __repr__(self):
            return f"K({k})"
    return K
A = make_class(1)
B = make_class(2)
print(A().get(), B().get(), A(), B())
