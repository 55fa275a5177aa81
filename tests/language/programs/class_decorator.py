registry = []
def register(cls):
    registry.append(cls.__qualname__ if False else "cls")
    cls.registered = True
    return cls
@register
class Plugin:
    pass
print(registry, Plugin.registered)
