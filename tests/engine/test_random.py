"""The generator's behaviour beyond the golden draws: seeding rules, states, errors,
speed-independent properties, and how the language and the CLI show it."""

import os
import re
import subprocess
import sys

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.random_mt19937 import STATE_SIZE

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_cli(*args):
    env = dict(os.environ, PYTHONPATH=REPO)
    return subprocess.run([sys.executable, "-m", "gradcalc", *args], capture_output=True, text=True, env=env,
                          timeout=60)


def test_seed_example_prints_torchs_numbers():
    torch.manual_seed(0)
    assert str(torch.randn(3)) == "tensor([ 1.5410, -0.2934, -2.1788])"


def test_manual_seed_echoes_a_generator_as_torch_does():
    r = run_cli("-e", "torch.manual_seed(0)")
    assert r.returncode == 0
    assert re.fullmatch(r"<torch\._C\.Generator object at 0x[0-9a-f]+>\n", r.stdout)


def test_unseeded_runs_differ_and_seeded_runs_agree():
    a = run_cli("-e", "print(torch.initial_seed(), torch.rand(2))").stdout
    b = run_cli("-e", "print(torch.initial_seed(), torch.rand(2))").stdout
    assert a != b
    seeded = "_ = torch.manual_seed(5); print(torch.randn(4))"
    assert run_cli("-e", seeded).stdout == run_cli("-e", seeded).stdout


def test_new_generator_has_torchs_default_seed():
    assert torch.Generator().initial_seed() == 67280421310721


def test_seed_reseeds_from_the_os():
    g = torch.Generator()
    s = g.seed()
    assert g.initial_seed() == s and 0 <= s < 2 ** 53
    assert torch.Generator().manual_seed(s).get_state().numpy().tobytes() == g.get_state().numpy().tobytes()


@pytest.mark.parametrize("seed,stored", [(-1, 2 ** 64 - 1), (2 ** 63, 2 ** 63), (1.9, 1), ("3", 3)])
def test_seed_values_as_torch_reads_them(seed, stored):
    assert torch.manual_seed(seed).initial_seed() == stored


@pytest.mark.parametrize("seed", [2 ** 64, -2 ** 63 - 1])
def test_seed_out_of_range(seed):
    with pytest.raises(ValueError, match="Overflow when unpacking long long"):
        torch.manual_seed(seed)


def test_state_is_torchs_size_and_round_trips():
    torch.manual_seed(3)
    torch.randn(5)  # leaves a cached normal sample
    s = torch.get_rng_state()
    assert s.dtype == torch.uint8 and tuple(s.shape) == (STATE_SIZE,)
    after = [torch.randn(3), torch.rand(4), torch.randint(0, 9, (3,))]
    torch.set_rng_state(s)
    again = [torch.randn(3), torch.rand(4), torch.randint(0, 9, (3,))]
    for a, b in zip(after, again):
        assert np.array_equal(a.numpy(), b.numpy())


def test_fresh_state_round_trips_byte_for_byte():
    g = torch.Generator().manual_seed(9)
    s = g.get_state()
    h = torch.Generator().set_state(s)
    assert h.get_state().numpy().tobytes() == s.numpy().tobytes()
    assert np.array_equal(torch.rand(3, generator=g).numpy(), torch.rand(3, generator=h).numpy())


def test_set_state_errors():
    with pytest.raises(RuntimeError, match="Expected a CPUGeneratorImplState of size 5056 but found the input RNG "
                                           "state size to be 3"):
        torch.set_rng_state(torch.zeros(3, dtype=torch.uint8))
    with pytest.raises(TypeError, match="expected a torch.ByteTensor"):
        torch.set_rng_state(torch.zeros(5056))
    with pytest.raises(RuntimeError, match="Invalid mt19937 state"):
        torch.set_rng_state(torch.zeros(5056, dtype=torch.uint8))


def test_generators_are_independent_of_the_default():
    torch.manual_seed(0)
    g = torch.Generator().manual_seed(0)
    a = torch.randn(3, generator=g)
    b = torch.randn(3)
    assert np.array_equal(a.numpy(), b.numpy())
    assert not np.array_equal(torch.randn(3).numpy(), b.numpy())


def test_fork_rng_restores_the_default_generator():
    torch.manual_seed(1)
    with torch.random.fork_rng():
        inside = torch.randn(3)
    assert np.array_equal(torch.randn(3).numpy(), inside.numpy())


def test_in_place_samplers_refuse_a_leaf_that_requires_grad():
    w = torch.zeros(3, requires_grad=True)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        w.uniform_()
    with torch.no_grad():
        w.normal_(0, 0.1)
    assert w.requires_grad and w.grad_fn is None


def test_factories_take_generator_dtype_device_and_requires_grad():
    g = torch.Generator().manual_seed(4)
    x = torch.randn(2, 3, generator=g, dtype=torch.float64, device="cpu", requires_grad=True)
    assert x.dtype == torch.float64 and x.requires_grad
    assert torch.rand(size=(2, 2)).shape == (2, 2)
    with pytest.raises(TypeError, match="argument 'generator' must be torch.Generator, not int"):
        torch.rand(2, generator=5)
    with pytest.raises(NotImplementedError, match="\"check_uniform_bounds\" not implemented for 'Long'"):
        torch.rand(2, dtype=torch.int64)
    with pytest.raises(NotImplementedError, match="\"normal_kernel_cpu\" not implemented for 'Long'"):
        torch.randn(2, dtype=torch.int64)


def test_large_draws_are_vectorised():
    # a million normals must not take a Python loop per number (a loose bound; bench/ measures)
    import time
    t = time.perf_counter()
    torch.randn(10 ** 6)
    assert time.perf_counter() - t < 5


LANGUAGE = """
g = torch.Generator()
g.manual_seed(3)
s = g.get_state()
a = torch.rand(2, generator=g)
g.set_state(s)
print(torch.equal(a, torch.rand(2, generator=g)), g.initial_seed(), g.device)
with torch.random.fork_rng():
    x = torch.randn(2)
print(torch.equal(x, torch.randn(2)))
"""


def test_language_reaches_generators_and_torch_random(tmp_path):
    script = tmp_path / "gen.py"
    script.write_text(LANGUAGE)
    r = run_cli(str(script))
    assert r.stdout == "True 3 cpu\nTrue\n", r.stderr
