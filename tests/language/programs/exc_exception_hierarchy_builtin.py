print(issubclass(ZeroDivisionError, ArithmeticError), issubclass(KeyError, LookupError),
      issubclass(FileNotFoundError, OSError), issubclass(NotImplementedError, RuntimeError),
      issubclass(RecursionError, RuntimeError), issubclass(ModuleNotFoundError, ImportError),
      issubclass(UnboundLocalError, NameError), issubclass(Exception, BaseException))
