class Empty(Exception):
    """Nothing here."""
try:
    raise Empty
except Empty as e:
    print(repr(e), str(e) == "")
