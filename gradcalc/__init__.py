"""gradcalc: a command-line expression differentiator and REPL on its own autograd engine."""

__version__ = "0.1.0"
