class AppError(Exception):
    pass
class NotFound(AppError):
    def __init__(self, name):
        super().__init__(f"{name} not found")
        self.name = name
class Denied(AppError):
    pass
for exc in [NotFound("file"), Denied("no"), ValueError("v")]:
    try:
        raise exc
    except NotFound as e:
        print("notfound", e, e.name)
    except AppError as e:
        print("app", repr(e))
    except Exception as e:
        print("other", e)
