"""The command line through subprocesses: scripts, ``-``, ``-e``, exit statuses, bad input."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).parent
DATA = HERE / "data"
REPO = HERE.parent.parent
SHARED = REPO.parent / "shared"
CONFORMANCE = SHARED / "conformance"


def gradcalc(*args, stdin=None, env=None, timeout=60):
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "gradcalc", *map(str, args)], input=stdin, capture_output=True,
                          timeout=timeout, env=full_env, cwd=REPO)


def text(data):
    return data.decode("utf-8")


# -- conformance -----------------------------------------------------------------------------

@pytest.mark.skipif(not CONFORMANCE.exists(), reason="the shared conformance files are not here")
def test_seed_tutorial_conformance():
    r = gradcalc(CONFORMANCE / "seed_tutorial.py")
    assert r.returncode == 0, text(r.stderr)
    got = re.sub(r"0x[0-9a-f]+", "0xADDR", text(r.stdout))
    assert got == (CONFORMANCE / "seed_tutorial.expected").read_text()
    assert r.stderr == b""


def test_tutorial_code_stops_at_its_typo():
    r = gradcalc(DATA / "seed_tutorial_zh_code.py")
    assert r.returncode == 1
    assert text(r.stdout).endswith("tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])\n")
    err = text(r.stderr).splitlines()
    assert err[-1] == "AttributeError: module 'torch' has no attribute 'rands'. Did you mean: 'randn'?"
    assert err[-4].endswith("seed_tutorial_zh_code.py\", line 19, column 5, in <module>")
    assert err[-3:-1] == ["    x = torch.rands(3,requires_grad=True)", "        ^^^^^^^^^^^"]


def test_tutorial_code_with_typo_fixed_runs_to_the_end():
    r = gradcalc(DATA / "seed_tutorial_zh_fixed.py")
    assert r.returncode == 0, text(r.stderr)
    lines = text(r.stdout).splitlines()
    assert lines[-3:] == ["True", "True", "False"]
    assert re.fullmatch(r"tensor\(\[.*\], grad_fn=<MulBackward0>\)", lines[-5])
    assert r.stderr == b""


def test_tutorial_code_without_its_indentation_is_an_indentation_error():
    source = (DATA / "seed_tutorial_zh_fixed.py").read_text()
    flat = "\n".join(line.lstrip() for line in source.splitlines()) + "\n"
    r = gradcalc("-", stdin=flat.encode())
    assert r.returncode == 1
    while_line = flat.splitlines().index("while y.data.norm() < 1000:") + 1
    assert text(r.stderr).splitlines()[-1] == (
        f"IndentationError: expected an indented block after 'while' statement on line {while_line}")
    assert r.stdout == b""  # a syntax error stops the script before anything runs


# -- scripts, stdin, -e ---------------------------------------------------------------------

def test_script_prints_only_what_print_prints(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("x = 1 + 1\nx\nprint('x is', x)\nones(2)\n")
    r = gradcalc(script)
    assert (r.returncode, text(r.stdout), r.stderr) == (0, "x is 2\n", b"")


def test_several_files_share_a_session_and_stop_at_the_first_error(tmp_path):
    (tmp_path / "a.py").write_text("k = 41\n")
    (tmp_path / "b.py").write_text("print(k + 1)\nundefined_name\nprint('not reached')\n")
    (tmp_path / "c.py").write_text("print('not run')\n")
    r = gradcalc(tmp_path / "a.py", tmp_path / "b.py", tmp_path / "c.py")
    assert (r.returncode, text(r.stdout)) == (1, "42\n")
    assert text(r.stderr).endswith("NameError: name 'undefined_name' is not defined\n")


def test_script_from_stdin():
    r = gradcalc("-", stdin=b"print(sum(i for i in range(5)))\n")
    assert (r.returncode, text(r.stdout)) == (0, "10\n")
    r = gradcalc(stdin=b"print('piped')\n")  # no file and stdin not a terminal: stdin is the script
    assert (r.returncode, text(r.stdout)) == (0, "piped\n")


def test_eval_echoes_values_as_torch_prints_them():
    r = gradcalc("-e", "x = ones(2, requires_grad=True)\nx * 2\nNone\n1 + 1\nprint('p')")
    assert (r.returncode, text(r.stdout)) == (0, "tensor([2., 2.], grad_fn=<MulBackward0>)\n2\np\n")
    r = gradcalc("-e", "a = 2", "-e", "a ** 10")
    assert text(r.stdout) == "1024\n"
    r = gradcalc("-e", "-3 + 1")  # code may start with '-'
    assert text(r.stdout) == "-2\n"


def test_eval_error_exit_status_and_text():
    r = gradcalc("-e", "y = 1\ny.backward()")
    assert r.returncode == 1
    assert text(r.stderr) == ('Traceback (most recent call last):\n'
                              '  File "<string>", line 2, column 1, in <module>\n'
                              '    y.backward()\n'
                              '    ^^^^^^^^^^\n'
                              "AttributeError: 'int' object has no attribute 'backward'\n")


def test_exit_in_a_script(tmp_path):
    assert gradcalc("-e", "print(1)\nexit()\nprint(2)").stdout == b"1\n"
    assert gradcalc("-e", "exit()").returncode == 0
    assert gradcalc("-e", "quit(4)").returncode == 4
    r = gradcalc("-e", "exit('bye')")
    assert (r.returncode, text(r.stderr)) == (1, "bye\n")


# -- the command line itself -------------------------------------------------------------------

def test_version_and_help():
    from gradcalc import __version__

    r = gradcalc("--version")
    assert (r.returncode, text(r.stdout).strip()) == (0, f"gradcalc {__version__}")
    r = gradcalc("--help")
    assert r.returncode == 0
    for option in ("-e CODE", "--grad", "--max-elements", "--timeout", "--debug", "--no-color", "--quiet"):
        assert option in text(r.stdout)


@pytest.mark.parametrize("args", [["--bogus"], ["--max-elements", "zero"], ["--max-elements", "-5"],
                                  ["--timeout", "0"], ["-e", "1", "file.py"], ["-e"]])
def test_bad_command_line_is_status_2(args):
    r = gradcalc(*args)
    assert r.returncode == 2
    assert text(r.stderr).startswith("usage:") or "gradcalc: error" in text(r.stderr)


def test_missing_file_and_directory_are_status_2(tmp_path):
    (tmp_path / "ok.py").write_text("print('should not run')\n")
    r = gradcalc(tmp_path / "ok.py", tmp_path / "missing.py")
    assert (r.returncode, r.stdout) == (2, b"")  # checked before anything runs
    assert text(r.stderr) == f"gradcalc: can't open file '{tmp_path / 'missing.py'}': [Errno 2] No such file or directory\n"
    r = gradcalc(tmp_path)
    assert r.returncode == 2 and "is a directory" in text(r.stderr)


def test_max_elements_option():
    r = gradcalc("--max-elements", "100", "-e", "ones(10, 10).numel()\nones(101)")
    assert (r.returncode, text(r.stdout)) == (1, "100\n")
    assert "more than the limit of 100" in text(r.stderr)


def test_timeout_option():
    start = time.monotonic()
    r = gradcalc("--timeout", "0.5", "-e", "n = 0\nwhile True:\n    n += 1")
    assert time.monotonic() - start < 20
    assert r.returncode == 1
    assert text(r.stderr).splitlines()[-1].startswith("TimeoutError: the run took longer than the time limit of 0.5 s")


def test_debug_shows_gradcalcs_traceback_only_when_asked():
    plain = gradcalc("-e", "1 / 0")
    assert "gradcalc/" not in text(plain.stderr) and "Traceback (most recent call last)" in text(plain.stderr)
    debug = gradcalc("--debug", "-e", "1 / 0")
    assert "gradcalc/interpreter" in text(debug.stderr)
    assert text(debug.stderr).endswith("ZeroDivisionError: division by zero\n")


def test_quiet_hides_warnings_and_no_color_is_plain():
    source = "x = ones(1, requires_grad=True)\ny = x * 2\ny.grad"
    assert b"UserWarning" in gradcalc("-e", source).stderr
    assert gradcalc("--quiet", "-e", source).stderr == b""
    r = gradcalc("-e", "ones(2)", env={"NO_COLOR": "1"})
    assert b"\x1b[" not in r.stdout


def test_grad_and_magics_are_handed_on():
    r = gradcalc("--grad", "x**2", "x=3")
    assert r.returncode in (0, 2)  # 2: the differentiator is not there yet
    if r.returncode == 2:
        assert b"not available" in r.stderr
    r = gradcalc("-e", "x = 1\n%vars")
    assert r.returncode in (0, 1)
    assert b"Traceback" not in r.stderr or b"UsageError" in r.stderr


# -- bad input ----------------------------------------------------------------------------------

def test_empty_file_runs_nothing(tmp_path):
    (tmp_path / "empty.py").write_bytes(b"")
    r = gradcalc(tmp_path / "empty.py")
    assert (r.returncode, r.stdout, r.stderr) == (0, b"", b"")


def test_binary_file_is_a_clear_syntax_error(tmp_path):
    (tmp_path / "bin.py").write_bytes(b"x = 1\n\x7fELF\x02\x01\x00\x00garbage")
    r = gradcalc(tmp_path / "bin.py")
    assert r.returncode == 1
    assert text(r.stderr).splitlines()[-1] == "SyntaxError: source code cannot contain null bytes (is this a binary file?)"
    assert 'line 2' in text(r.stderr)


def test_non_utf8_is_a_clear_syntax_error(tmp_path):
    (tmp_path / "latin.py").write_bytes(b"x = 1\nprint('caf\xe9')\n")
    r = gradcalc(tmp_path / "latin.py")
    assert r.returncode == 1
    assert "Non-UTF-8 code starting with '\\xe9'" in text(r.stderr) and "line 2" in text(r.stderr)


def test_bom_and_crlf_are_fine(tmp_path):
    (tmp_path / "win.py").write_bytes(b"\xef\xbb\xbfx = 2\r\nif x:\r\n    print(x * 3)\r\n")
    r = gradcalc(tmp_path / "win.py")
    assert (r.returncode, r.stdout) == (0, b"6\n")


def test_tabs_mixed_with_spaces(tmp_path):
    (tmp_path / "tabs.py").write_bytes(b"if True:\n    x = 1\n\ty = 2\n")
    r = gradcalc(tmp_path / "tabs.py")
    assert r.returncode == 1
    assert text(r.stderr).splitlines()[-1].split(":")[0] in ("TabError", "IndentationError")


def test_ten_thousand_deep_expression(tmp_path):
    (tmp_path / "deep.py").write_text("x = " + "-" * 10000 + "1\nprint(x)\n")
    r = gradcalc(tmp_path / "deep.py")
    assert r.returncode == 1
    assert "too deeply nested" in text(r.stderr) and "Traceback" not in text(r.stderr)
    # just inside the parser's limit of 1000 levels: compiled and run (the recursion limit is raised first)
    (tmp_path / "deep990.py").write_text("print(" + "-(" * 990 + "1" + ")" * 990 + ")\nx = " + "[" * 990 + "]" * 990
                                         + "\nprint(len(x))\n")
    r = gradcalc(tmp_path / "deep990.py")
    assert (r.returncode, r.stdout, r.stderr) == (0, b"1\n1\n", b"")
    (tmp_path / "parens.py").write_text("x = " + "(" * 10000 + "1" + ")" * 10000 + "\nprint(x)\n")
    r = gradcalc(tmp_path / "parens.py")
    assert (r.returncode, r.stdout) == (0, b"1\n")


def test_hundred_thousand_line_script(tmp_path):
    lines = ["total = 0"] + [f"total += {i % 7}" for i in range(100_000)] + ["print(total)"]
    (tmp_path / "long.py").write_text("\n".join(lines) + "\n")
    r = gradcalc(tmp_path / "long.py", timeout=120)
    assert (r.returncode, text(r.stdout)) == (0, f"{sum(i % 7 for i in range(100_000))}\n")


def test_ctrl_c_stops_a_script_with_a_clear_message(tmp_path):
    (tmp_path / "spin.py").write_text("print('started', flush=True)\nn = 0\nwhile True:\n    n += 1\n")
    proc = subprocess.Popen([sys.executable, "-m", "gradcalc", str(tmp_path / "spin.py")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=REPO)
    assert proc.stdout.readline() == b"started\n"
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert text(err).splitlines()[-1] == "KeyboardInterrupt"
    assert "gradcalc/" not in text(err)


def test_broken_pipe_is_quiet(tmp_path):
    (tmp_path / "many.py").write_text("for i in range(200000):\n    print(i)\n")
    p1 = subprocess.Popen([sys.executable, "-m", "gradcalc", str(tmp_path / "many.py")], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=REPO)
    first = p1.stdout.readline()
    p1.stdout.close()
    _, err = p1.communicate(timeout=60)
    assert first == b"0\n"
    assert b"Traceback" not in err


def test_timeout_stops_even_a_long_call_into_c():
    """sum(range(10**12)) never returns to the evaluation loop: the supervisor ends it."""
    import time
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "gradcalc", "--timeout", "1", "-e", "sum(range(10**12))"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "TimeoutError: the run took longer than the time limit of 1 s" in run.stderr
    assert time.monotonic() - start < 20


@pytest.mark.parametrize("code,status,stderr", [("exit(True)", 1, ""), ("exit(3)", 3, ""), ("exit('bye')", 1, "bye\n")])
def test_exit_codes_follow_python(code, status, stderr):
    run = subprocess.run([sys.executable, "-m", "gradcalc", "-e", code], capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stderr) == (status, stderr)
