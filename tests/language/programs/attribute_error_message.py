class P:
    def __init__(self):
        self.value = 1
p = P()
try:
    p.valeu
except AttributeError as e:
    print("caught")
print(p.value)
p.missing
