"""--max-memory: one budget for the session's memory; past it a clear MemoryError, the session intact."""

import subprocess
import sys
from pathlib import Path

import pytest

from gradcalc.cli.sizes import parse_size
from gradcalc.engine import limits
from interp_testutil import Run

REPO = Path(__file__).parent.parent.parent
MB = 1 << 20


def _tight():
    """A session whose budget is what the process holds now plus 300 MB."""
    return Run(max_memory=limits.resident_bytes() + 300 * MB)


def _assert_memory_error(err):
    assert err.kind == "MemoryError", (err.kind, err.message)
    assert "--max-memory" in err.message and "out of memory" in err.message
    assert "numpy" not in err.message and "Traceback" not in err.message


def test_tensors_kept_in_a_loop_stop_with_a_memory_error_and_the_list_comes_back():
    r = _tight()
    r("import torch\nxs = [1]")
    err = r.error("for i in range(100):\n    xs.append(torch.ones(2**12, 2**12))")
    _assert_memory_error(err)
    assert r("print(xs)") == "[1]\n"
    assert r("print(torch.ones(3).sum().item())") == "3.0\n"  # the session goes on


@pytest.mark.parametrize("stmt", [
    "big = [0] * 2**28", "big = (0,) * 2**28",
    "big = 'a'.center(10**10)", "big = 'a'.ljust(10**9)", "big = '1'.zfill(10**9)",
    "import numpy as np\nbig = 'a'.rjust(np.int64(10**10))",
    "big = f'{1:>{10**10}}'", "big = f'{1.5:.{10**9}f}'", "big = '{:>10000000000}'.format(1)",
    "big = format(1, '>10000000000')", "big = ('x' * 1000).replace('x', 'y' * 10**6)",
    "big = '-'.join(['a' * 10**6] * 1000)", "big = 'a\\tb'.expandtabs(10**9)",
    "big = torch.ones(2**13, 2**12).tolist()",
])
def test_one_huge_allocation_is_refused_before_it_happens(stmt):
    r = _tight()
    r("import torch\nbig = 'small'")
    _assert_memory_error(r.error(stmt))
    assert r("print(big)") == "small\n"


def test_memory_grown_in_small_steps_is_stopped_by_the_watch():
    r = _tight()
    r("xs = []")
    _assert_memory_error(r.error("while True:\n    xs.append([1.5] * 1000)"))
    assert r("print(len(xs))") == "0\n"


def test_no_budget_with_zero_and_small_things_unchecked():
    r = Run(max_memory=0)
    assert r("print(len('a'.center(10**6)), len([0] * 10**6))") == "1000000 1000000\n"
    r = _tight()
    assert r("print(len('a'.center(100)), f'{1:>5}', '{:>3}'.format(2), format(7, '03'))") == "100     1   2 007\n"


def test_the_default_budget_is_a_share_of_the_ram():
    Run()("x = 1")  # a session sets its budget when it runs
    budget = limits.get_max_memory()
    assert budget == limits.default_max_memory() and budget > 256 * MB
    limits.set_max_memory(0)  # the engine on its own (benchmarks, tests) checks nothing


@pytest.mark.parametrize("text,n", [("4G", 4 << 30), ("512M", 512 << 20), ("1.5GB", 3 << 29), ("2GiB", 2 << 30),
                                    ("1000", 1000), ("64k", 64 << 10), ("0", 0), ("off", 0), ("none", 0)])
def test_sizes_read_as_people_write_them(text, n):
    assert parse_size(text) == n


@pytest.mark.parametrize("text", ["", "abc", "-1G", "1X", "G"])
def test_bad_sizes_are_refused(text):
    with pytest.raises(ValueError):
        parse_size(text)


def _gradcalc(*args):
    return subprocess.run([sys.executable, "-m", "gradcalc", *args], capture_output=True, text=True, cwd=REPO,
                          timeout=120)


def test_command_line_takes_max_memory():
    proc = _gradcalc("--max-memory", "300M", "-e", "import torch\nxs = []\nfor i in range(100):\n"
                                                   "    xs.append(torch.ones(2**12, 2**12))")
    assert proc.returncode == 1
    assert "MemoryError: out of memory" in proc.stderr and "limit of 300 MB" in proc.stderr
    assert "gradcalc/" not in proc.stderr  # no traceback of gradcalc's own code
    proc = _gradcalc("--max-memory", "lots", "-e", "1")
    assert proc.returncode == 2 and "--max-memory" in proc.stderr and "not a size" in proc.stderr
    proc = _gradcalc("--grad", "x * 2", "x=3", "--max-memory", "1G")
    assert proc.returncode == 0, proc.stderr


def test_the_sized_str_methods_are_no_way_out():
    r = Run()
    assert r("m = 'ab'.replace\nprint(m('a', 'x'), repr(m)[:35])") == "xb <built-in method replace of str obj\n"
    err = r.error("type(m)([1, 2], 'join')")
    assert err.kind == "TypeError"
    err = r.error("type(m)('a', 'format_map')")
    assert err.kind == "TypeError"
    assert r.error("print(m._s)").kind == "AttributeError"
