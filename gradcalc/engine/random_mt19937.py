"""torch's CPU random number generator: mt19937 seeded as torch seeds it.

torch's ``CPUGeneratorImpl`` (aten/src/ATen/CPUGeneratorImpl.cpp) is the 32-bit
Mersenne Twister of ``at::mt19937`` plus two cached normal samples. numpy ships
the very same engine (``numpy.random.MT19937``: same twist, same tempering), so
the 624-word state lives in one of those and every draw runs in numpy's C loop;
what is ours is the mapping between torch's view of the state (seed, ``left_``,
``next_``, the caches) and numpy's (``key``, ``pos``), and the byte layout of
``get_state()``.

The transforms (uniform, normal, integers ...) are in ``random_transforms``; they
ask a generator for raw words through ``random32(n)`` / ``random64(n)``, which
consume the stream exactly as torch's ``random()`` / ``random64()`` do.
"""

import os

import numpy as np

from .journal import touch_generator

__all__ = ["Generator", "default_generator"]

DEFAULT_RNG_SEED = 67280421310721  # c10::default_rng_seed_val: torch.Generator()'s seed
_N = 624  # MERSENNE_STATE_N
_MT_STATE_BYTES = 4 * _N + 4  # numpy's mt19937_state: uint32 key[624], int pos

# CPUGeneratorImplState (CPUGeneratorImpl.cpp) as the C++ compiler lays it out:
# the legacy POD (seed, left, seeded, next, 624 words stored as uint64, three
# doubles of the old normal cache, its valid flag) and the float normal cache.
_STATE_DTYPE = np.dtype([
    ("the_initial_seed", "<u8"), ("left", "<i4"), ("seeded", "<i4"), ("next", "<u8"),
    ("state", "<u8", (_N,)), ("normal_x", "<f8"), ("normal_y", "<f8"), ("normal_rho", "<f8"),
    ("normal_is_valid", "<i4"), ("next_float_normal_sample", "<f4"),
    ("is_next_float_normal_sample_valid", "u1")], align=True)
STATE_SIZE = 5056  # sizeof(CPUGeneratorImplState): the length of torch.get_rng_state()
assert _STATE_DTYPE.itemsize == STATE_SIZE  # the trailing padding included, as sizeof()


def nondeterministic_seed():
    """c10::detail::getNonDeterministicRandom: 64 bits from the OS, masked to 53 bits
    so that the seed survives a round trip through a double."""
    return int.from_bytes(os.urandom(8), "little") & 0x1FFFFFFFFFFFFF


def seed_from_python(seed):
    """``manual_seed``'s argument as torch reads it: an int (or anything ``int()`` takes),
    negative seeds wrapping to their unsigned 64-bit value."""
    seed = int(seed)
    if not -2 ** 63 <= seed < 2 ** 64:
        raise ValueError("Overflow when unpacking long long")
    return seed & 0xFFFFFFFFFFFFFFFF


class Generator:
    """A random number generator (``torch.Generator``): torch's mt19937 engine, so the
    same seed draws the same numbers as PyTorch on the CPU."""

    __slots__ = ("_seed", "_bitgen", "_words", "_fresh", "_next_double", "_next_float", "__weakref__")

    def __init__(self, device="cpu"):
        from .tensor import device as _device
        _device(device)  # only the CPU exists here
        self._seed = DEFAULT_RNG_SEED
        self._bitgen = None  # seeded on the first draw: start-up stays free
        self._fresh = True  # seeded and nothing drawn yet (torch's next_ is 0, not 624)
        self._next_double = None  # normal_distribution<double>'s cached second sample
        self._next_float = None  # normal_distribution<float>'s (kept for the state's layout)

    # -- torch's API --------------------------------------------------------------
    @property
    def device(self):
        from .tensor import device
        return device("cpu")

    def manual_seed(self, seed):
        """Seed with ``seed``: torch keeps all 64 bits as ``initial_seed()`` and seeds
        mt19937 with the low 32 (``init_genrand``)."""
        seed = seed_from_python(seed)
        touch_generator(self)
        self._seed = seed
        self._bitgen = None
        self._fresh = True
        self._next_double = None
        self._next_float = None
        return self

    def initial_seed(self):
        if self._seed is None:
            self._seed = nondeterministic_seed()
        return self._seed

    def seed(self):
        """Seed from the operating system's entropy and return that seed."""
        s = nondeterministic_seed()
        self.manual_seed(s)
        return s

    def get_state(self):
        """The generator's state as torch's ``uint8`` tensor of 5056 bytes (same layout)."""
        from .creation import _new_leaf
        return _new_leaf(np.frombuffer(self._state_bytes(), np.uint8).copy())

    def set_state(self, new_state):
        """Restore a state from ``get_state()`` (ours or torch's)."""
        from .tensor import Tensor
        if not isinstance(new_state, Tensor):
            raise TypeError(f"expected a torch.ByteTensor, but got {type(new_state).__name__}")
        arr = new_state._data
        if arr.dtype != np.uint8:
            raise TypeError(f"expected a torch.ByteTensor, but got torch.{_tensor_type(arr)}")
        if arr.size != STATE_SIZE:
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size {STATE_SIZE} but found the input "
                               f"RNG state size to be {arr.size}")
        self._load_state_bytes(np.ascontiguousarray(arr).reshape(-1).tobytes())
        return self

    def __repr__(self):
        return f"<torch._C.Generator object at {id(self):#x}>"

    # -- the engine's API: raw draws --------------------------------------------------
    def random32(self, n):
        """``n`` consecutive ``random()`` draws, as a uint32 array."""
        touch_generator(self)
        if n:
            self._fresh = False
        self._engine()
        # numpy's bounded integers over the full 32-bit range return the engine's words
        # one for one (no rejection, no buffering): the fastest way to read them.
        return self._words.integers(0, 1 << 32, size=n, dtype=np.uint32)

    def random64(self, n):
        """``n`` consecutive ``random64()`` draws: two words each, the first the high half."""
        pairs = self.random32(2 * n).view(np.uint64)  # little-endian: the first word is the low half
        out = pairs << np.uint64(32)
        pairs >>= np.uint64(32)
        out |= pairs
        return out

    def _engine(self):
        bg = self._bitgen
        if bg is None:
            bg = np.random.MT19937(0)
            bg._legacy_seeding(self.initial_seed() & 0xFFFFFFFF)  # init_genrand, as at::mt19937(seed)
            self._set_engine(bg)
        return bg

    def _set_engine(self, bg):
        self._bitgen = bg
        self._words = np.random.Generator(bg)

    # -- torch's state layout ----------------------------------------------------------
    def _state_bytes(self):
        st = self._engine().state["state"]
        pos = int(st["pos"])
        rec = np.zeros((), _STATE_DTYPE)
        rec["the_initial_seed"] = self.initial_seed()
        # numpy's pos is the index of the next word; torch's (left_, next_) count down to
        # the next twist: left_ = 625 - pos, and a freshly seeded engine has left_ 1, next_ 0.
        rec["left"] = _N + 1 - pos
        rec["seeded"] = 1
        rec["next"] = 0 if self._fresh else pos
        rec["state"] = st["key"].astype(np.uint64)
        if self._next_double is not None:
            rec["normal_is_valid"] = 1
            rec["normal_y"] = self._next_double
        if self._next_float is not None:
            rec["is_next_float_normal_sample_valid"] = 1
            rec["next_float_normal_sample"] = self._next_float
        return rec.tobytes()

    def _load_state_bytes(self, data):
        rec = np.frombuffer(data, _STATE_DTYPE)[0]
        left, nxt, seeded = int(rec["left"]), int(rec["next"]) & 0xFFFFFFFF, int(rec["seeded"])
        if not (seeded and 0 < left <= _N and nxt <= _N):
            raise RuntimeError("Invalid mt19937 state")
        # torch reads the word at next_ after --left_; a state with left_ == 1 twists first.
        pos = _N if left == 1 else nxt
        touch_generator(self)
        bg = np.random.MT19937(0)
        bg.state = {"bit_generator": "MT19937",
                    "state": {"key": (rec["state"] & 0xFFFFFFFF).astype(np.uint32), "pos": pos}}
        self._set_engine(bg)
        self._fresh = left == 1 and nxt == 0
        self._seed = int(rec["the_initial_seed"])
        self._next_double = float(rec["normal_y"]) if rec["normal_is_valid"] else None
        self._next_float = (float(rec["next_float_normal_sample"])
                            if rec["is_next_float_normal_sample_valid"] else None)

    # -- undo (the interpreter's journal, told by touch_generator before any change) ----------
    def _snapshot(self):
        """Everything a draw or a seed changes, cheaply: numpy's ``bg.state`` costs ~70 µs (it builds
        a dict), a copy of the engine's C struct (624 words and the position) ~2 µs."""
        bg = self._bitgen
        raw = None
        if bg is not None:
            import ctypes
            raw = ctypes.string_at(bg.ctypes.state_address, _MT_STATE_BYTES)
        return (self._seed, bg, self._words if bg is not None else None, raw, self._fresh, self._next_double,
                self._next_float)

    def _restore(self, snap):
        self._seed, bg, words, raw, self._fresh, self._next_double, self._next_float = snap
        self._bitgen = bg
        if bg is not None:
            import ctypes
            self._words = words
            ctypes.memmove(bg.ctypes.state_address, raw, _MT_STATE_BYTES)

    def _copy_from(self, other):
        """Make this generator an exact copy of ``other`` (``fork_rng``'s restore)."""
        self._load_state_bytes(other._state_bytes())


def _tensor_type(arr):
    from .dtypes import from_numpy_dtype
    return {"float32": "FloatTensor", "float64": "DoubleTensor", "int64": "LongTensor", "int32": "IntTensor",
            "bool": "BoolTensor", "float16": "HalfTensor", "int16": "ShortTensor", "int8": "CharTensor"}.get(
        from_numpy_dtype(arr.dtype).name, "Tensor")


# torch.default_generator: torch 2.x seeds it from the OS (getNonDeterministicRandom),
# so an unseeded run differs from the next; drawn lazily at its first use.
default_generator = Generator()
default_generator._seed = None
