import itertools
import operator
print(list(itertools.accumulate([3, 1, 4, 1, 5], max)), list(itertools.accumulate([1, 2, 3], operator.mul)))
print(list(itertools.accumulate([1, 2, 3], initial=100)), list(itertools.accumulate(range(5), operator.sub)))
