import random
random.seed(42)
deck = list(range(10))
random.shuffle(deck)
print(deck)
print(random.sample(range(100), 5), random.choices(["a", "b", "c"], k=5))
print(random.choices([1, 2, 3], weights=[10, 1, 1], k=4), random.sample(deck, k=3))
