class ConfigError(Exception):
    pass
def load(d):
    try:
        return d["key"]
    except KeyError as e:
        raise ConfigError("missing key") from e
try:
    load({})
except ConfigError as e:
    print(e, type(e.args), e.args)
try:
    raise ValueError("a") from None
except ValueError as e:
    print("from None", e)
