results = []
for v in ["1", "x", "3", None]:
    try:
        results.append(int(v))
    except ValueError:
        results.append("bad")
    except TypeError:
        results.append("none")
print(results)
