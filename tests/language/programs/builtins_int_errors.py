print(int("  42 "), int("-7"), float("nan") != float("nan"))
int("4.2")
