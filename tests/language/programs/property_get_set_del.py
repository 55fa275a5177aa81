class Temp:
    def __init__(self):
        self._c = 0
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError("too cold")
        self._c = v
    @celsius.deleter
    def celsius(self):
        print("deleting")
        self._c = None
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
t = Temp()
t.celsius = 100
print(t.celsius, t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("error:", e)
del t.celsius
print(t.celsius)
try:
    t.fahrenheit = 1
except AttributeError as e:
    print("AttributeError")
