import random
random.seed(0)
print(random.random(), random.random())
print(random.randint(1, 6), random.randrange(10), random.randrange(0, 100, 5))
print(random.uniform(1, 2), random.gauss(0, 1), random.choice("abcdef"))
