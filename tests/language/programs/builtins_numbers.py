print(divmod(17, 5), divmod(-7, 2), divmod(7.5, 2), pow(2, 10), pow(2, 10, 1000), pow(2, -1), pow(3, 4, 5))
print(abs(-2.5), round(3.14159, 2), round(7.5), int("ff", 16), float("1e3"), int(-3.9), hex(255), bin(5), oct(8))
print(chr(65), ord("a"), chr(ord("b") + 1), hex(-1), bin(0))
