class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} says {self.sound}"
class Dog(Animal):
    sound = "woof"
class Puppy(Dog):
    def speak(self):
        return super().speak() + "!"
for a in [Animal("x"), Dog("rex"), Puppy("bit")]:
    print(a.speak(), isinstance(a, Dog), issubclass(type(a), Animal))
