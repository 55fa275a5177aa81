class Timer:
    def __init__(self):
        self.calls = 0
    def __call__(self, fn):
        def wrapped(*a, **k):
            self.calls += 1
            return fn(*a, **k)
        return wrapped
t = Timer()
@t
def work(x):
    return x * 2
print(work(2), work(3), t.calls)
