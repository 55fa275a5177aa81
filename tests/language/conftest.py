"""Raise Python's recursion limit once, as a Session does on first use (see tests/interpreter)."""

import sys

from gradcalc.interpreter.session import python_recursion_limit

sys.setrecursionlimit(max(sys.getrecursionlimit(), python_recursion_limit()))
