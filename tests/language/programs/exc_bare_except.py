try:
    undefined_name
except:
    print("bare caught")
try:
    raise TypeError("t")
except ValueError:
    print("no")
except:
    print("bare second")
