"""``torch.random``: seeding and saving the default generator.

The generator itself is ``random_mt19937.Generator`` (torch's mt19937, so seeded
programs draw PyTorch's numbers); the samplers (``rand``, ``randn``, ``uniform_`` ...)
are in ``random_sampling``. This module's public names are exactly torch.random's.
"""

from .random_mt19937 import Generator, default_generator
# The samplers, importable from here too for the engine's own modules (nn.init, utils.data);
# they are not in __all__, so torch.random shows only torch.random's names.
from .random_sampling import (  # noqa: F401
    bernoulli, bernoulli_, multinomial, normal, normal_, rand, randint, randn, random_, randperm, uniform_)

__all__ = ["manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state", "fork_rng",
           "default_generator", "Generator"]


def manual_seed(seed):
    """Seed the default generator; returns it (``torch.manual_seed(0)`` echoes
    ``<torch._C.Generator object at 0x...>``, as in PyTorch)."""
    return default_generator.manual_seed(seed)


def seed():
    """Seed the default generator from the operating system; returns the seed."""
    return default_generator.seed()


def initial_seed():
    """The seed the default generator was last seeded with."""
    return default_generator.initial_seed()


def get_rng_state():
    """The default generator's state: a ``torch.uint8`` tensor of 5056 bytes, laid out
    as torch's (so states move between gradcalc and PyTorch)."""
    return default_generator.get_state()


def set_rng_state(new_state):
    """Restore the default generator from ``get_rng_state()``."""
    default_generator.set_state(new_state)


class fork_rng:
    """``with torch.random.fork_rng():`` draws inside the block leave the default
    generator as it was before it."""

    __slots__ = ("_enabled", "_saved")

    def __init__(self, devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type="cuda"):
        self._enabled = enabled
        self._saved = None

    def __enter__(self):
        if self._enabled:
            self._saved = default_generator._state_bytes()
        return None

    def __exit__(self, *exc):
        if self._saved is not None:
            default_generator._load_state_bytes(self._saved)
            self._saved = None
        return False
