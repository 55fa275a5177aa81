"""Profiling programs through the command line: the "Introduction to PyTorch" autograd page's
profile, the profiler recipe, and trace files following the session's file rules."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent

INTRO = """import torch
device = torch.device('cpu')
run_on_gpu = False
if torch.cuda.is_available():
    device = torch.device('cuda')
    run_on_gpu = True

x = torch.randn(2, 3, requires_grad=True)
y = torch.rand(2, 3, requires_grad=True)
z = torch.ones(2, 3, requires_grad=True)

with torch.autograd.profiler.profile(use_cuda=run_on_gpu) as prf:
    for _ in range(1000):
        z = (z / x) * y

print(prf.key_averages().table(sort_by='self_cpu_time_total'))
"""



def run(cwd, code, *flags):
    """Run ``code`` as a program file (as a tutorial's script runs: nothing echoed)."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("NO_COLOR", None)
    (cwd / "prog.py").write_text(code)
    r = subprocess.run([sys.executable, "-m", "gradcalc", *flags, "prog.py"], capture_output=True, cwd=cwd,
                       env=env, timeout=120)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def test_intro_autograd_profile(tmp_path):
    status, out, err = run(tmp_path, INTRO)
    assert status == 0 and err == "", err
    lines = out.split("\n")
    assert lines[0] == "-------------  " + "------------  " * 6
    assert lines[1] == ("         Name    Self CPU %      Self CPU   CPU total %     CPU total  CPU time avg    "
                        "# of Calls  ")
    assert lines[2] == lines[0] == lines[5]
    assert sorted(line[:13] for line in lines[3:5]) == ["    aten::div", "    aten::mul"]
    for line in lines[3:5]:
        assert re.fullmatch(r" {4}aten::(div|mul)( +\d+\.\d\d%  +\d+\.\d{3}(us|ms|s)){2}  +\d+\.\d{3}(us|ms|s)  "
                            r" +1000  ", line), line
    assert re.fullmatch(r"Self CPU time total: \d+\.\d{3}(us|ms|s)", lines[6])
    assert lines[7:] == ["", ""]


def test_recipe_with_record_function_and_a_module(tmp_path):
    code = ("import torch\nimport torch.nn as nn\n"
            "from torch.profiler import profile, record_function, ProfilerActivity\n"
            "model = nn.Sequential(nn.Linear(4, 3), nn.ReLU())\ninputs = torch.randn(5, 4)\n"
            "with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:\n"
            "    with record_function('model_inference'):\n        model(inputs)\n"
            "print(prof.key_averages().table(sort_by='cpu_time_total', row_limit=10))\n"
            "print(prof.key_averages(group_by_input_shape=True).table(sort_by='cpu_time_total', row_limit=10))\n")
    status, out, err = run(tmp_path, code)
    assert status == 0 and err == "", err
    first, second = out.split("\n\n")[:2]
    assert first.split("\n")[3].startswith("    model_inference  ") and "100.00%" in first.split("\n")[3]
    assert "aten::addmm" in first and "Input Shapes" not in first
    assert "Input Shapes" in second and "[[3], [5, 4], [4, 3], [], []]" in second


def test_trace_files_follow_the_file_rules(tmp_path):
    code = ("import torch\nfrom torch.profiler import profile, schedule, tensorboard_trace_handler\n"
            "with profile() as p:\n    torch.ones(2) * 2\n"
            "p.export_chrome_trace('trace.json')\n"
            "with profile(schedule=schedule(wait=0, warmup=1, active=1),\n"
            "             on_trace_ready=tensorboard_trace_handler('log/run1', worker_name='w')) as q:\n"
            "    for _ in range(2):\n        torch.ones(2) / 2\n        q.step()\n"
            "print('ok')\n")
    status, out, err = run(tmp_path, code)
    assert status == 0 and out == "ok\n", err
    trace = json.loads((tmp_path / "trace.json").read_text())
    assert [e["name"] for e in trace["traceEvents"]] == ["aten::mul"]
    written = list((tmp_path / "log" / "run1").iterdir())
    assert len(written) == 1 and re.fullmatch(r"w\.\d+\.pt\.trace\.json", written[0].name)
    names = [e["name"] for e in json.loads(written[0].read_text())["traceEvents"]]
    assert names == ["ProfilerStep*", "aten::div"]
    status, out, err = run(tmp_path, "import torch\nwith torch.autograd.profiler.profile() as p:\n    pass\n"
                                     "p.export_chrome_trace('../outside.json')\n")
    assert status == 1 and "PermissionError" in err and "goes up with '..'" in err
    assert not (tmp_path.parent / "outside.json").exists()
    status, out, err = run(tmp_path, "import torch\nwith torch.autograd.profiler.profile() as p:\n    pass\n"
                                     "p.export_chrome_trace('trace.json')\n", "--no-files")
    assert status == 1 and "PermissionError" in err
