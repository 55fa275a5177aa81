"""The magics, run through a Session as a script or the REPL would run them."""

from __future__ import annotations

import json
import os
import re
import zipfile

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.cli.magics.timing import format_duration

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(session, source):
    session.run(source)


def setup_vars(session):
    session.set("x", torch.ones(2, 2, requires_grad=True))
    session.set("y", (session.namespace["x"] * 2).sum())
    session.set("n", 3)
    session.set("d", torch.tensor([1, 2], dtype=torch.int64))


# --- %vars
def test_vars_table(make_session):
    session, rec = make_session()
    setup_vars(session)
    session.namespace["x"].grad = torch.zeros(2, 2)
    run(session, "%vars")
    lines = rec.text.splitlines()
    assert lines[0].split() == ["name", "kind", "shape", "dtype", "requires_grad", "grad_fn", "grad"]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert rows["x"] == ["x", "tensor", "(2,", "2)", "float32", "True", "set"]
    assert rows["y"] == ["y", "tensor", "()", "float32", "True", "SumBackward0"]
    assert rows["n"] == ["n", "int"]
    assert rows["d"] == ["d", "tensor", "(2,)", "int64", "False"]
    assert all(line == line.rstrip() for line in lines)
    assert rec.errors == ""


def test_vars_coloured_has_the_same_text(make_session):
    plain_session, plain = make_session()
    color_session, color = make_session(color=True)
    for session in (plain_session, color_session):
        setup_vars(session)
        run(session, "%vars")
    assert "\x1b[" in color.text
    assert [line.rstrip() for line in ANSI.sub("", color.text).splitlines()] == plain.text.splitlines()


def test_vars_through_a_recording_rich_console(make_session):
    import io

    from rich.console import Console

    plain_session, plain = make_session()
    session, rec = make_session(color=True)
    rec.output._console = Console(file=io.StringIO(), record=True, force_terminal=True, markup=False,
                                  emoji=False, highlight=False, soft_wrap=True, width=200)
    for s in (plain_session, session):
        setup_vars(s)
        run(s, "%vars")
    recorded = rec.output.console.export_text(styles=False, clear=False)
    assert [line.rstrip() for line in recorded.splitlines()] == plain.text.splitlines()
    styled = rec.output.console.export_text(styles=True)
    assert "\x1b[" in styled  # name bold, dtype blue, requires_grad yellow, grad_fn green


def test_vars_empty(make_session):
    session, rec = make_session()
    run(session, "%vars")
    assert rec.text == "No variables.\n"


# --- %reset
def test_reset_in_a_script_asks_nothing(make_session):
    asked = []
    session, rec = make_session(interactive=False, confirm=lambda q: asked.append(q) or False)
    setup_vars(session)
    run(session, "%reset")
    assert session.namespace == {} and asked == []


def test_reset_in_the_repl_asks(make_session):
    answers = [False, True]
    session, rec = make_session(interactive=True, confirm=lambda q: answers.pop(0))
    setup_vars(session)
    run(session, "%reset")
    assert "x" in session.namespace and "Nothing reset." in rec.text
    run(session, "%reset")
    assert session.namespace == {}


# --- %time
def test_time_runs_and_reports(make_session):
    session, rec = make_session()
    session.set("a", torch.ones(3))
    run(session, "%time b = a * 2")
    assert re.fullmatch(r"Wall time: [0-9.]+ (s|ms|µs|ns)\n", rec.text)
    assert session.namespace["b"].tolist() == [2.0, 2.0, 2.0]


def test_time_of_an_expression_echoes_it(make_session):
    session, rec = make_session()
    run(session, "%time 1 + 1")
    assert rec.text.startswith("2\nWall time: ")


def test_time_needs_a_statement(make_session, interpreter_api):
    session, rec = make_session()
    with pytest.raises(interpreter_api.UserError, match="usage: %time"):
        run(session, "%time")


@pytest.mark.parametrize("seconds, text", [(2.5, "2.5 s"), (0.01234, "12.3 ms"), (4.2e-6, "4.2 µs"),
                                           (3e-9, "3 ns")])
def test_format_duration(seconds, text):
    assert format_duration(seconds) == text


# --- %history
def test_history(make_session):
    inputs = ["a = 1", "if a:\n    b = 2", "%history"]
    session, rec = make_session(interactive=True, history=inputs)
    run(session, "%history")
    assert rec.text == "1: a = 1\n2: if a:\n       b = 2\n3: %history\n"
    session, rec = make_session(interactive=True, history=inputs)
    run(session, "%history 1")
    assert rec.text == "3: %history\n"


def test_history_in_a_script_is_empty(make_session):
    session, rec = make_session()
    run(session, "%history")
    assert rec.text == ""


# --- %help
def test_help_lists_the_groups(make_session):
    session, rec = make_session()
    run(session, "%help")
    text = rec.text
    for group in ("creation", "math", "reductions", "linear algebra", "shape", "autograd", "nn.functional",
                  "builtins", "magics"):
        assert re.search(rf"^{re.escape(group)}\s", text, re.M), group
    assert "randn" in text and "%vars" in text and "mse_loss" in text


def test_help_lists_only_what_the_sandbox_offers(make_session, interpreter_api, monkeypatch):
    from gradcalc.cli.magics import helptext

    monkeypatch.setattr(helptext, "GROUPS", (("creation", "torch", "ones no_such_function"),))
    session, rec = make_session()
    run(session, "%help")
    assert "ones" in rec.text and "no_such_function" not in rec.text


@pytest.mark.parametrize("name, words", [
    ("torch.sum", ["dim", "keepdim"]),
    ("x.backward", ["gradient", "retain_graph"]),
    ("Tensor.backward", ["gradient"]),
    ("torch.ones", ["size"]),
    ("%vars", ["%vars", "variables"]),
    ("save", ["%save FILE"]),
])
def test_help_name(make_session, name, words):
    session, rec = make_session()
    setup_vars(session)
    run(session, f"%help {name}")
    for word in words:
        assert word in rec.text, rec.text


def test_help_unknown_name_suggests(make_session, interpreter_api):
    session, rec = make_session()
    with pytest.raises(interpreter_api.UserError) as info:
        run(session, "%help torch.rands")
    assert info.value.kind == "NameError"
    assert re.search(r"Did you mean: 'torch\.randn?'\?", info.value.message)


# --- %save / %load
@pytest.fixture(autouse=True)
def _in_tmp_path(request, tmp_path, monkeypatch):
    """Magics touch files only under the working directory: the file tests run in tmp_path."""
    if "tmp_path" in request.fixturenames:
        monkeypatch.chdir(tmp_path)


def test_save_and_load_round_trip(make_session, tmp_path):
    session, rec = make_session()
    setup_vars(session)
    session.set("h", torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True))
    path = tmp_path / "t.npz"
    run(session, f"%save {path.name}")
    assert rec.text == ""  # a script prints only what print() prints
    fresh, rec2 = make_session(interactive=True)
    run(fresh, f"%load {path.name}")
    ns = fresh.namespace
    assert sorted(ns) == ["d", "h", "n", "x", "y"] and ns["n"] == 3  # numbers are kept too
    assert ns["x"].requires_grad and ns["x"].dtype == torch.float32 and ns["x"].tolist() == [[1, 1], [1, 1]]
    assert ns["y"].requires_grad and ns["y"].grad_fn is None and ns["y"].is_leaf and ns["y"].item() == 8
    assert ns["h"].dtype == torch.float64 and ns["h"].requires_grad
    assert ns["d"].dtype == torch.int64 and not ns["d"].requires_grad
    assert rec2.text == "Loaded d, h, n, x, y from t.npz\n"
    with np.load(path, allow_pickle=False) as archive:  # a plain numpy file
        assert archive["x"].dtype == np.float32


def test_save_names_and_exact_path(make_session, tmp_path):
    session, rec = make_session()
    setup_vars(session)
    path = tmp_path / "only_x"
    run(session, f"%save '{path.name}' x")
    assert path.exists() and not (tmp_path / "only_x.npz").exists()
    with np.load(path, allow_pickle=False) as archive:
        assert sorted(archive.files) == ["__gradcalc__", "x"]
        assert json.loads(str(archive["__gradcalc__"]))["requires_grad"] == ["x"]


def test_save_errors(make_session, interpreter_api, tmp_path):
    session, rec = make_session()
    setup_vars(session)
    with pytest.raises(interpreter_api.UserError, match="name 'nope' is not defined"):
        run(session, f"%save a.npz nope")
    session.set("f", print)
    with pytest.raises(interpreter_api.UserError, match=r"cannot save 'f' \(a function\)"):
        run(session, f"%save a.npz f")
    with pytest.raises(interpreter_api.UserError) as info:
        run(session, f"%save missing_dir/a.npz")
    assert info.value.kind == "FileNotFoundError" and "missing_dir" in info.value.message
    assert os.listdir(tmp_path) == []  # nothing half-written
    with pytest.raises(interpreter_api.UserError, match="usage"):
        run(session, "%save")
    empty, _ = make_session()
    with pytest.raises(interpreter_api.UserError, match="nothing to save"):
        run(empty, f"%save a.npz")


def test_load_numpy_written_file(make_session, tmp_path):
    path = tmp_path / "plain.npz"
    np.savez(path, w=np.arange(6, dtype=np.float64).reshape(2, 3), b=np.array([True, False]))
    session, rec = make_session()
    run(session, f"%load {path.name}")
    assert session.namespace["w"].dtype == torch.float64 and not session.namespace["w"].requires_grad
    assert session.namespace["b"].dtype == torch.bool


def _bad_files(tmp_path):
    (tmp_path / "garbage.npz").write_bytes(b"this is not a zip file at all")
    (tmp_path / "empty.npz").write_bytes(b"")
    np.save(tmp_path / "single.npy", np.ones(3))
    good = tmp_path / "good.npz"
    np.savez(good, a=np.ones(3), b=np.ones(2))
    data = good.read_bytes()
    (tmp_path / "truncated.npz").write_bytes(data[: len(data) // 2])
    np.savez(tmp_path / "objects.npz", a=np.ones(2), o=np.array([{"x": 1}], dtype=object))
    np.savez(tmp_path / "badname.npz", a=np.ones(2), **{"not valid": np.ones(2)})
    np.savez(tmp_path / "dunder.npz", a=np.ones(2), __class__=np.ones(2))
    with zipfile.ZipFile(tmp_path / "corrupt_member.npz", "w") as z:
        z.writestr("a.npy", b"\x93NUMPY garbage")
    return ["garbage.npz", "empty.npz", "single.npy", "truncated.npz", "objects.npz", "badname.npz",
            "dunder.npz", "corrupt_member.npz"]


def test_load_complex_arrays(make_session, tmp_path):
    np.savez(tmp_path / "complex.npz", a=np.ones(2), c=np.array([1 + 2j, 3j], dtype=np.complex64))
    session, rec = make_session()
    run(session, "%load complex.npz")
    assert session.namespace["c"].dtype is torch.complex64 and session.namespace["c"].tolist() == [1 + 2j, 3j]


def test_load_bad_files_is_a_clear_error_and_loads_nothing(make_session, interpreter_api, tmp_path):
    for name in _bad_files(tmp_path):
        session, rec = make_session()
        session.set("a", torch.zeros(1))
        with pytest.raises(interpreter_api.UserError) as info:
            run(session, f"%load {name}")
        assert info.value.kind in ("ValueError", "TypeError"), (name, info.value.kind, info.value.message)
        assert name in info.value.message
        assert list(session.namespace) == ["a"] and session.namespace["a"].tolist() == [0.0], name


def test_load_missing_or_unreadable(make_session, interpreter_api, tmp_path):
    session, rec = make_session()
    with pytest.raises(interpreter_api.UserError) as info:
        run(session, f"%load nope.npz")
    assert info.value.kind == "FileNotFoundError"
    assert info.value.message == "[Errno 2] No such file or directory: 'nope.npz'"
    with pytest.raises(interpreter_api.UserError) as info:
        run(session, "%load .")
    assert info.value.kind == "IsADirectoryError"
    if os.geteuid() != 0:
        locked = tmp_path / "locked.npz"
        np.savez(locked, a=np.ones(1))
        locked.chmod(0)
        with pytest.raises(interpreter_api.UserError) as info:
            run(session, "%load locked.npz")
        assert info.value.kind == "PermissionError"
    with pytest.raises(interpreter_api.UserError, match="usage: %load FILE"):
        run(session, f"%load a.npz extra")


def test_load_respects_the_element_limit(make_session, interpreter_api, tmp_path, monkeypatch):
    from gradcalc.engine import limits

    np.savez(tmp_path / "big.npz", small=np.ones(2), big=np.ones(1000))
    monkeypatch.setattr(limits, "_max", [100])
    session, rec = make_session()
    session.max_elements = 100  # what --max-elements 100 gives
    with pytest.raises(interpreter_api.UserError, match="'big'.*more than the limit"):
        run(session, f"%load big.npz")
    assert session.namespace == {}


def test_load_refuses_a_huge_array_from_its_header_before_reading_it(tmp_path):
    """A 100 KB file can hold 30 million zeros: the limit is checked before decompressing."""
    import io
    import subprocess
    import sys
    import zipfile

    import numpy as np

    path = tmp_path / "big.npz"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        buf = io.BytesIO()
        np.lib.format.write_array(buf, np.zeros(30_000_000, np.float32))
        z.writestr("big.npy", buf.getvalue())
    # peak memory from /proc (VmHWM belongs to this process image; ru_maxrss would carry
    # over the memory of the test process that forked it)
    code = ("from gradcalc.cli.main import main\nstatus = main(['--max-elements', '100', '-e', "
            "'%load big.npz'])\n"
            "peak = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]\n"
            "print(status, int(peak) // 1024)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    status, peak_mb = run.stdout.split()
    assert status == "1" and "more than the limit of 100" in run.stderr
    assert int(peak_mb) < 100  # the 120 MB of data were never read
