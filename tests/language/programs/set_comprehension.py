print({x % 4 for x in range(20)}, {c.lower() for c in "HeLLo"} == set("helo"), sorted({len(w) for w in ["a", "bb", "cc"]}))
