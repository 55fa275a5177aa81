def parse(s):
    try:
        return int(s)
    except ValueError:
        return float(s)
    except TypeError:
        return None
print(parse("3"), parse("2.5"), parse(None))
