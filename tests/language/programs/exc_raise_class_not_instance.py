try:
    raise IndexError
except IndexError as e:
    print(repr(e), e.args)
try:
    raise 5
except TypeError as e:
    print(e)
