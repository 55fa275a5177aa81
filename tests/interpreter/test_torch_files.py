"""torch.save / torch.load inside the language: buffers always, files only under the session's policy."""

import pytest

from gradcalc.interpreter import files

from interp_testutil import Run


@pytest.fixture
def run():
    return Run()


def test_bytesio_round_trip(run):
    out = run("import io\nimport torch\nbuf = io.BytesIO()\ntorch.save({'w': torch.arange(3)}, buf)\n"
              "n = buf.tell()\nbuf.seek(0)\nprint(torch.load(buf), n > 0)")
    assert out == "{'w': tensor([0, 1, 2])} True\n"


def test_without_a_policy_a_program_touches_no_file(run):
    saved = files._POLICY[0]
    files.set_policy(None)
    try:
        err = run.error("torch.save(torch.ones(1), 'x.pt')")
    finally:
        files.set_policy(saved)
    assert "PermissionError: torch.save: this session has no file access (use an io.BytesIO)" in str(err)


@pytest.mark.parametrize("code,words", [
    ("import io\nio.open", "module 'io' has no attribute 'open'"),
    ("import io\nio.FileIO", "module 'io' has no attribute 'FileIO'"),
    ("import io\nio.BytesIO().getbuffer()", "getbuffer"),
    ("import io\nio.BytesIO().fileno()", "fileno"),
    ("torch.save(torch.ones(1), 3)", "f must be a file name (str) or an io.BytesIO, not int"),
    ("torch.load(None)", "f must be a file name (str) or an io.BytesIO, not NoneType"),
    ("import io\ntorch.save(print, io.BytesIO())", "cannot save an object of type"),
])
def test_what_stays_out_of_reach(run, code, words):
    assert words in str(run.error(code))
