def make_gens():
    return [(lambda k: (x * k for x in range(3)))(k) for k in range(1, 3)]
print([list(g) for g in make_gens()])
