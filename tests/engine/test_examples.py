"""The examples run as scripts and print what they should.

Each runs in a subprocess (as a user runs it). The expected output is exactly what
the same script prints under real torch (with ``import torch``), except the last part
of anomaly_mode.py, which shows gradcalc's ``exc.anomaly_trace``."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")

EXPECTED = {
    "anomaly_mode.py": (
        'gradient: tensor([   nan,    nan, 0.2500])\n'
        "RuntimeError: Function 'SqrtBackward0' returned nan values in its 0th output.\n"
        'node: SqrtBackward0 | forward ran at: return torch.where(x > 0, x.sqrt(), torch.zeros_like(x)).sum()\n'
        'warning: Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled for debugging.\n'
        'warning: Error detected in SqrtBackward0. Traceback of forward call that caused the error:\n'
        'safe gradient: tensor([0.0000, 0.0000, 0.2500])\n'
    ),
    "custom_function.py": (
        'tensor([1.0000, 1.6487, 2.7183], dtype=torch.float64, grad_fn=<ExpBackward>)\n'
        'node: ExpBackward\n'
        'd/dx: tensor([1.0000, 1.6487, 2.7183], dtype=torch.float64) d2/dx2: tensor([1.0000, 1.6487, 2.7183], dtype=torch.float64)\n'
        'gradcheck: True True\n'
        'same as the built-in: True\n'
        'rounded: tensor([ 0.,  2., -3.]) grad: tensor([0.5000, 1.0000, 1.5000])\n'
    ),
    "higher_order_derivatives.py": (
        "y = x^4 at x = 2: y' = 32, y'' = 48, y''' = 48\n"
        "y' is differentiable: True\n"
        'd2f/da db = 2.137870, d2f/db da = 2.137870\n'
        "Newton: x = 1.1309011226, f'(x) = 0.0e+00\n"
    ),
    "jacobian_and_hessian.py": (
        'J = tensor([[2., 1., 0.],\n'
        '        [0., 4., 1.]])\n'
        'J v = tensor([2., 1.])   u J = tensor([ 2., -3., -1.])\n'
        'H = tensor([[2., 1., 0.],\n'
        '        [1., 2., 0.],\n'
        '        [0., 0., 2.]])\n'
        'H v = tensor([2., 1., 2.])\n'
        'hessian blocks: [[(2, 2), (2, 3)], [(3, 2), (3, 3)]]\n'
        'jacobian blocks: [[(2, 2), (2, 3)], [(3, 2), (3, 3)]]\n'
    ),
}


def test_every_example_is_covered():
    assert sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".py")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_output(name):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, os.path.join(EXAMPLES, name)], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert run.stdout == EXPECTED[name]
