"""``torch.backends.cudnn``: not available (no CUDA); its flags read and assign as torch's.

Tutorials set ``torch.backends.cudnn.deterministic = True`` and ``benchmark = False`` for
reproducibility; torch accepts that on a CPU build too (the flags only matter to cuDNN), and
refuses anything but a bool with the words of the setter it calls.
"""

__all__ = ["is_available", "version", "enabled", "deterministic", "benchmark", "allow_tf32"]

enabled = True
deterministic = False
benchmark = False
allow_tf32 = True

# the flags a program may assign, and the name of torch's C setter each goes through
SETTABLE = {"enabled": "set_enabled_cudnn", "deterministic": "set_deterministic_cudnn",
            "benchmark": "set_benchmark_cudnn", "allow_tf32": "set_allow_tf32_cublas"}


def set_flag(name, value):
    """Assign flag ``name`` (one of SETTABLE) as torch does: a bool, or torch's RuntimeError."""
    if type(value) is not bool:
        raise RuntimeError(f"{SETTABLE[name]} expects a bool, but got {type(value).__name__}")
    globals()[name] = value


def is_available():
    return False


def version():
    return None
