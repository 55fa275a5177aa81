class MyError(Exception):
    pass
print("before")
raise MyError("it broke")
