try:
    assert 1 > 2, "math broke"
except AssertionError as e:
    print("assert", e)
