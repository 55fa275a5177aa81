config = {"model": {"layers": [64, 32], "act": "relu"}, "lr": 0.01}
config["model"]["layers"].append(16)
config["opt"] = {"name": "sgd"}
print(config)
print(config["model"]["layers"][-1], len(config))
