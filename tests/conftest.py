"""Imported by pytest before any test module.

gradcalc is imported first so that it can ask numpy, before numpy's own first import, for the
loops that call the C library as torch does (gradcalc/__init__.py explains why): a test module
that imports numpy before gradcalc would otherwise fix numpy's AVX-512 loops for the session.
"""

import gradcalc  # noqa: F401
