log = []
def step(n):
    try:
        log.append(f"try{n}")
        if n == 2:
            raise ValueError(n)
        return n
    except ValueError:
        log.append(f"except{n}")
        return -n
    finally:
        log.append(f"finally{n}")
print([step(i) for i in range(1, 4)])
print(log)
