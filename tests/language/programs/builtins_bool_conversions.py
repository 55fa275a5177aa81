print(bool(""), bool("0"), bool([]), bool({}), bool(set()), bool(0.0), bool(-1), bool(None), int(True), float(False))
