try:
    try:
        raise ValueError("inner")
    except TypeError:
        print("wrong")
    finally:
        print("inner finally")
except ValueError as e:
    print("outer caught", e)
finally:
    print("outer finally")
