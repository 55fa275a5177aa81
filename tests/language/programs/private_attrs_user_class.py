class Account:
    def __init__(self, balance):
        self._balance = balance
    def deposit(self, v):
        self._balance += v
        return self._balance
    def _helper(self):
        return "helper"
a = Account(10)
print(a.deposit(5), a._balance, a._helper())
