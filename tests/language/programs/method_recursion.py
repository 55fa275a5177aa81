class Math:
    def fact(self, n):
        return 1 if n <= 1 else n * self.fact(n - 1)
    def fib(self, n):
        return n if n < 2 else self.fib(n - 1) + self.fib(n - 2)
m = Math()
print(m.fact(10), [m.fib(i) for i in range(10)])
