import functools
def power(base, exp):
    return base ** exp
square = functools.partial(power, exp=2)
cube = functools.partial(power, exp=3)
print(square(4), cube(2), square(base=5))
two_to = functools.partial(power, 2)
print(two_to(10), two_to.args, two_to.keywords, square.keywords)
