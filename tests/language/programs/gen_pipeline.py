def read(lines):
    for line in lines:
        yield line.strip()
def nonempty(lines):
    for line in lines:
        if line:
            yield line
def numbered(lines):
    n = 0
    for line in lines:
        n += 1
        yield f"{n}: {line}"
print(list(numbered(nonempty(read(["  a ", "", " b", "   ", "c"])))))
