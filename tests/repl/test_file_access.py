"""Every file a magic touches: relative to the working directory, no '..', no absolute
path, no symbolic link out, no replacing a file gradcalc did not write (without --force),
and nothing at all under --no-files."""

import os
import subprocess
import sys

import pytest

from gradcalc.cli.magics import file_access


def run(session, line):
    session.run(line)


@pytest.fixture
def here(tmp_path, monkeypatch):
    (tmp_path / "work").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    return tmp_path / "work"


@pytest.fixture
def session(make_session):
    s, _ = make_session()
    s.run("x = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()")
    return s


@pytest.mark.parametrize("line", ["%graph y --dot {outside}/g.dot", "%graph y --dot ../g.dot",
                                  "%graph y --dot ~/g.dot", "%graph y --dot sub/../../g.dot",
                                  "%save {outside}/t.npz", "%save ../t.npz", "%save ~/t.npz",
                                  "%load ../t.npz", "%load {outside}/t.npz"])
def test_paths_outside_the_working_directory_are_refused(here, session, interpreter_api, line):
    outside = here.parent
    (here / "sub").mkdir()
    import numpy as np
    np.savez(outside / "t.npz", a=np.ones(1))
    with pytest.raises(interpreter_api.UserError) as info:
        run(session, line.format(outside=outside))
    assert info.value.kind == "PermissionError"
    assert "working directory" in info.value.message
    assert sorted(os.listdir(outside)) == ["t.npz", "work"]


def test_a_symbolic_link_leading_out_is_refused(here, session, interpreter_api):
    os.symlink(here.parent, here / "out")
    os.symlink(here.parent / "g.dot", here / "g.dot")
    for line in ("%graph y --dot out/g.dot", "%graph y --dot g.dot", "%save out/t.npz"):
        with pytest.raises(interpreter_api.UserError) as info:
            run(session, line)
        assert info.value.kind == "PermissionError" and "symbolic link" in info.value.message
    assert sorted(os.listdir(here.parent)) == ["work"]


def test_a_file_gradcalc_did_not_write_is_not_replaced_without_force(here, session, interpreter_api):
    (here / "notes.txt").write_text("mine")
    for line in ("%graph y --dot notes.txt", "%save notes.txt"):
        with pytest.raises(interpreter_api.UserError) as info:
            run(session, line)
        assert info.value.kind == "FileExistsError" and "--force" in info.value.message
    assert (here / "notes.txt").read_text() == "mine"
    run(session, "%graph y --dot notes.txt --force")
    assert (here / "notes.txt").read_text().startswith("digraph gradcalc {")


def test_files_gradcalc_wrote_are_replaced(here, session, make_session):
    run(session, "%graph y --dot g.dot\n%graph y --dot g.dot\n%save t.npz\n%save t.npz x")
    other, _ = make_session()  # another session recognises gradcalc's own files by their contents
    file_access._WRITTEN.clear()
    other.run("z = torch.zeros(1, requires_grad=True)\nw = z * 2\n%save t.npz\n%graph w --dot g.dot")
    assert "MulBackward0" in (here / "g.dot").read_text()


def test_no_files_turns_file_access_off(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    for line in ("%save t.npz", "%load t.npz", "%graph y --dot g.dot"):
        out = subprocess.run([sys.executable, "-m", "gradcalc", "--no-files", "-e",
                              f"x = torch.ones(2, requires_grad=True); y = x * 2\n{line}"],
                             capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
        assert out.returncode == 1 and "PermissionError" in out.stderr and "--no-files" in out.stderr
    assert os.listdir(tmp_path) == []
