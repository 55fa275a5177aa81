def f(x):
    try:
        r = 10 / x
    except ZeroDivisionError:
        print("zero")
        return None
    else:
        print("ok", r)
        return r
    finally:
        print("finally", x)
print(f(2), f(0))
