"""Measure the REPL's start-up (not a test: run it by hand; timed tests would be flaky).

    python tests/repl/repl_startup_measure.py [RUNS]

In a pseudo-terminal, alternating runs of: ``python -c "import numpy"`` (the yardstick
of SPEC.md §6), ``gradcalc -e 1+1``, the REPL until ``>>>`` is drawn, and the REPL
until the value of ``1+1`` typed at once is shown (the engine loads behind the prompt).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

import pexpect


def main(runs: int) -> None:
    home = tempfile.mkdtemp()
    env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", HOME=home, XDG_STATE_HOME=home)
    env.pop("NO_COLOR", None)
    py = sys.executable
    cases = {
        "python -c 'import numpy'": ([py, "-c", "import numpy"], None),
        "gradcalc -e '1+1'": ([py, "-m", "gradcalc", "-e", "1+1"], None),
        "REPL: until >>> is drawn": ([py, "-m", "gradcalc"], ">>>"),
        "REPL: until 1+1 typed at once shows 2": ([py, "-m", "gradcalc"], "2\x1b[0m\r\n"),
    }
    times = {name: [] for name in cases}
    for _ in range(runs):
        for name, (command, wait_for) in cases.items():
            start = time.perf_counter()
            child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=60)
            if wait_for is None:
                child.expect(pexpect.EOF)
            else:
                if wait_for != ">>>":
                    child.send("1+1\r")
                child.expect_exact(wait_for)
            times[name].append(time.perf_counter() - start)
            if wait_for is not None:
                if wait_for != ">>>":
                    child.expect_exact(">>>")  # Ctrl-D only once the prompt reads keys again
                child.sendeof()
                child.expect(pexpect.EOF)
    for name, values in times.items():
        print(f"{name:40s} median {statistics.median(values) * 1000:5.0f} ms   best {min(values) * 1000:5.0f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
