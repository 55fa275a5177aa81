from string import Template
try:
    Template("$missing").substitute()
except KeyError as e:
    print("KeyError:", e)
try:
    Template("$").substitute()
except ValueError as e:
    print("ValueError:", e)
print(Template("$x and $$").safe_substitute())
