import random
a = random.Random(5)
b = random.Random(5)
print(a.random() == b.random(), a.randint(0, 9), b.randint(0, 9), a.choice([1, 2, 3]))
state = a.getstate()
x = a.random()
a.setstate(state)
print(x == a.random(), a.gauss(1, 0.1), a.sample([1, 2, 3, 4], 2))
