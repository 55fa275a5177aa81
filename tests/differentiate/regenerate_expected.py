"""Rewrite tests/differentiate/expected/*.txt from the current rendering.

    python tests/differentiate/regenerate_expected.py

Run it after a deliberate change to what %graph / %explain print, then read the
diff before committing: the expected files are the review of the output.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from differentiate_support import CASES, EXPECTED, expected_path, render_case, tutorial_dot  # noqa: E402


def main():
    os.makedirs(EXPECTED, exist_ok=True)
    for name in CASES:
        with open(expected_path(name), "w", encoding="utf-8") as f:
            f.write(render_case(name))
        print("wrote", os.path.relpath(expected_path(name)))
    dot = os.path.join(EXPECTED, "graph_tutorial.dot")
    with open(dot, "w", encoding="utf-8") as f:
        f.write(tutorial_dot())
    print("wrote", os.path.relpath(dot))


if __name__ == "__main__":
    main()
