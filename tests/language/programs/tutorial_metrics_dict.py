history = {"loss": [], "acc": []}
for step in range(5):
    history["loss"].append(round(1 / (step + 1), 3))
    history["acc"].append(step * 0.2)
summary = {k: (min(v), max(v)) for k, v in history.items()}
print(summary)
print(", ".join(f"{k}={v[-1]:.2f}" for k, v in history.items()))
