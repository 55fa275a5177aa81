def shout(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs).upper()
    return wrapper
@shout
def greet(name):
    return f"hello {name}"
print(greet("ann"))
