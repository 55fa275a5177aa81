import random
random.seed(123)
print(random.normalvariate(0, 1), random.lognormvariate(0, 0.5), random.expovariate(2.0))
print(random.betavariate(2, 3), random.gammavariate(2, 1), random.triangular(0, 10, 3))
print(random.paretovariate(3), random.weibullvariate(1, 2), random.vonmisesvariate(0, 1))
print(random.getrandbits(16), random.getrandbits(64))
