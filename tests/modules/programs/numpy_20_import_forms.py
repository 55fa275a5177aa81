from numpy import array, zeros as z, pi
from numpy.linalg import norm
from numpy.random import default_rng
import numpy.random as npr
import numpy
import numpy.linalg
print(array([1, 2]), z(2), pi, norm(array([3.0, 4.0])))
print(default_rng(1).integers(0, 5, 3))
npr.seed(3)
print(npr.rand(2), numpy.linalg.det(numpy.eye(2)), numpy.random.rand(1))
from numpy import *
print(sqrt(4.0), arange(3), ones(2) + zeros(2), e)
