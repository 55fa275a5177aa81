"""Write the expected output of every program in programs/ by running it under CPython.

    python3 tests/language/generate.py          # (re)write expected/*.out
    python3 tests/language/generate.py NAME...  # only these programs

CPython is the oracle of the language (SPEC §2): what a program prints, and, when it
fails, the last line of Python's traceback (``Kind: message``), is what gradcalc must
print too (test_language_oracle.py). The programs use no torch, so plain python3 runs them.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
EXPECTED = HERE / "expected"


def expected_output(path: pathlib.Path) -> str:
    proc = subprocess.run([sys.executable, "-I", str(path.name)], cwd=path.parent, capture_output=True,
                          text=True, timeout=60)
    out = proc.stdout
    if proc.returncode != 0:
        last = proc.stderr.rstrip("\n").split("\n")[-1]
        out += "!! " + last + "\n"
    return out


def main(names: list[str]) -> int:
    EXPECTED.mkdir(exist_ok=True)
    paths = sorted(PROGRAMS.glob("*.py"))
    if names:
        paths = [p for p in paths if p.stem in names]
    for path in paths:
        (EXPECTED / (path.stem + ".out")).write_text(expected_output(path), encoding="utf-8")
    print(f"wrote {len(paths)} expected outputs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
