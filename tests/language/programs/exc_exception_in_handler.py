try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise RuntimeError("handler failed")
except RuntimeError as e:
    print("got", e)
