class JsonMixin:
    def to_text(self):
        return "{" + ", ".join(f"{k}: {v!r}" for k, v in sorted(self.fields().items())) + "}"
class Person(JsonMixin):
    def __init__(self, name, age):
        self.name, self.age = name, age
    def fields(self):
        return {"name": self.name, "age": self.age}
print(Person("ann", 30).to_text())
