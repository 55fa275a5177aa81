print(repr("a'b"), repr([1, "x"]), format(3.14159, ".2f"), format(42, "08b"), format(1234567, ","), format("x", ">4"))
print(ascii("café"), repr(None), repr(1.0), format(0.5, "%"), str("bytes-free"))
