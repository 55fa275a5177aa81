from enum import Flag, auto
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
rw = Perm.R | Perm.W
print(rw, Perm.R in rw, Perm.X in rw, rw & Perm.W, Perm.R.value, Perm.X.value)
