try:
    try:
        1 / 0
    except int:
        pass
except TypeError as e:
    print(e)
