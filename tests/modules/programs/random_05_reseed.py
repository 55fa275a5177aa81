import random
random.seed(7)
first = [random.random() for _ in range(3)]
random.seed(7)
second = [random.random() for _ in range(3)]
print(first == second, first)
random.seed("hello")
print(random.random())
random.seed(2 ** 70)
print(random.randint(0, 1000))
