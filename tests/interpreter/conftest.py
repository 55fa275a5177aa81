"""Lets the interpreter tests import interp_testutil (tests/ has no packages)."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

# A Session raises Python's recursion limit on first use (deep user recursion must hit
# gradcalc's own limit first); do it once here so hypothesis sees no change mid-test.
from gradcalc.interpreter.session import python_recursion_limit  # noqa: E402

sys.setrecursionlimit(max(sys.getrecursionlimit(), python_recursion_limit()))
