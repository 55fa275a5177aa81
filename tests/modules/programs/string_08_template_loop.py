from string import Template
row = Template("epoch $e: loss=$loss")
for e, loss in enumerate([0.9, 0.5, 0.25]):
    print(row.substitute(e=e, loss=loss))
print(row.substitute({"e": 9, "loss": "n/a"}))
