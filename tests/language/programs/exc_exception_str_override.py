class E(Exception):
    def __init__(self, v):
        self.v = v
    def __str__(self):
        return f"E with {self.v}"
try:
    raise E(3)
except E as e:
    print(e, str(e))
raise E(4)
