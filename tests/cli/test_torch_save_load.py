"""A program's torch.save / torch.load through the command line: the file rules of SPEC §5."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent


def run(cwd, code, *flags):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("NO_COLOR", None)
    r = subprocess.run([sys.executable, "-m", "gradcalc", *flags, "-e", code], capture_output=True, cwd=cwd,
                       env=env, timeout=60)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def test_quickstart_save_and_load(tmp_path):
    code = ("import torch\nfrom torch import nn\nmodel = nn.Linear(2, 1)\n"
            "torch.save(model.state_dict(), 'model.pth')\nprint('Saved PyTorch Model State to model.pth')\n"
            "model2 = nn.Linear(2, 1)\nprint(model2.load_state_dict(torch.load('model.pth', weights_only=True)))\n"
            "print(torch.equal(model.weight, model2.weight))\n"
            "torch.save(model.state_dict(), 'model.pth')\n")  # replacing a checkpoint is fine
    status, out, err = run(tmp_path, code)
    assert status == 0, err
    assert out == "Saved PyTorch Model State to model.pth\n<All keys matched successfully>\nTrue\n"
    assert (tmp_path / "model.pth").read_bytes().startswith(b"PK\x03\x04")


@pytest.mark.parametrize("path,words", [
    ("../x.pt", "goes up with '..'"),
    ("/tmp/x.pt", "is not under the working directory"),
    ("~/x.pt", "is not under the working directory"),
    ("out/x.pt", "leads outside the working directory through a symbolic link"),
])
def test_paths_outside_the_working_directory_are_refused(tmp_path, path, words):
    work = tmp_path / "work"
    work.mkdir()
    (work / "out").symlink_to(tmp_path)
    for call in (f"torch.save(torch.ones(1), {path!r})", f"torch.load({path!r})"):
        status, out, err = run(work, call)
        assert status == 1 and f"PermissionError: torch.{call[6:10]}: {path!r} {words}" in err, err
    assert not (tmp_path / "x.pt").exists()


def test_a_file_that_is_not_a_checkpoint_is_never_replaced(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    status, out, err = run(tmp_path, "torch.save(torch.ones(1), 'notes.txt')")
    assert status == 1 and "FileExistsError: torch.save: 'notes.txt' exists and is not a torch checkpoint" in err
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_no_files_turns_file_access_off_but_not_buffers(tmp_path):
    status, out, err = run(tmp_path, "torch.save(torch.ones(1), 'a.pt')", "--no-files")
    assert status == 1 and "PermissionError: torch.save: file access is turned off (--no-files)" in err
    assert not (tmp_path / "a.pt").exists()
    code = "import io\nb = io.BytesIO()\ntorch.save([torch.ones(2)], b)\n_ = b.seek(0)\nprint(torch.load(b))"
    status, out, err = run(tmp_path, code, "--no-files")
    assert status == 0 and out == "[tensor([1., 1.])]\n", err


def test_a_crafted_checkpoint_is_refused_in_torchs_words(tmp_path):
    import io
    import pickle
    import zipfile

    class Evil:
        def __reduce__(self):
            return os.system, (f"touch {tmp_path / 'pwned'}",)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("archive/data.pkl", pickle.dumps(Evil(), protocol=2))
    (tmp_path / "evil.pt").write_bytes(buf.getvalue())
    status, out, err = run(tmp_path, "x = torch.load('evil.pt', weights_only=False)")
    assert status == 1 and "_pickle.UnpicklingError: Weights only load failed: Unsupported global: GLOBAL" in err
    assert not (tmp_path / "pwned").exists()
