"""``torch.save`` / ``torch.load`` as the language has them: a file name goes through the file rules.

A profile's trace files (``export_chrome_trace``, ``tensorboard_trace_handler``) go through
the same rules (``guard_trace_files``): a relative path under the working directory, never
replacing a file this session did not write.

The engine saves to and loads from any path or binary file object it is given; the
language may name only what the session's file policy allows (gradcalc's command line
installs the rules of ``cli/magics/file_access.py``: a relative path under the working
directory, no ``..``, no symbolic link leading out, nothing under ``--no-files``, never
replacing a file that is not a torch checkpoint). Without a policy (the interpreter used
as a library) a program touches no file at all. An ``io.BytesIO`` needs no policy: it is
memory.
"""

from __future__ import annotations

import io
import os

# policy(path, what, write) -> path, or raises the user's error (PermissionError, ...)
_POLICY = [None]


def set_policy(policy) -> None:
    """Install the rule deciding which files a program's ``torch.save``/``torch.load`` may touch."""
    _POLICY[0] = policy


def _target(f, what, write):
    if isinstance(f, io.BytesIO):
        return f
    if isinstance(f, str):
        policy = _POLICY[0]
        if policy is None:
            raise PermissionError(f"{what}: this session has no file access (use an io.BytesIO)")
        return policy(f, what, write)
    if isinstance(f, os.PathLike):
        raise TypeError(f"{what}: give the file name as a str")
    raise TypeError(f"{what}: f must be a file name (str) or an io.BytesIO, not {type(f).__name__}")


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """Saves an object to a disk file (a relative path under the working directory) or an io.BytesIO,
    in torch's checkpoint format."""
    from gradcalc.engine import serialization

    if pickle_module is not None:
        raise TypeError("torch.save: gradcalc writes the pickle itself; pickle_module is not supported")
    target = _target(f, "torch.save", True)
    serialization.save(obj, target, pickle_protocol=pickle_protocol)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """Loads an object saved with torch.save from a file (a relative path under the working directory)
    or an io.BytesIO. Only tensors, numbers, strings and containers of them are read
    (``weights_only=True``): nothing in the file is ever run."""
    from gradcalc.engine import serialization

    if pickle_module is not None:
        raise TypeError("torch.load: gradcalc reads the pickle itself; pickle_module is not supported")
    if pickle_load_args:
        unknown = next(iter(pickle_load_args))
        if unknown != "encoding":
            raise TypeError(f"load() got an unexpected keyword argument '{unknown}'")
    if callable(map_location):
        map_location = "cpu"  # a function mapping storages: every storage is on the CPU here
    elif isinstance(map_location, dict):
        map_location = "cpu"
    target = _target(f, "torch.load", False)
    return serialization.load(target, map_location=map_location, weights_only=weights_only, mmap=mmap)


def guard_trace_files() -> None:
    """Make the engine's profiler write its trace files through ``write_trace`` (the file rules)."""
    from gradcalc.engine.autograd import profiler_util

    profiler_util.TRACE_WRITER[0] = write_trace


def write_trace(path, text, what) -> None:
    """Write a profiler trace (JSON text) to ``path`` if the session's file rules allow it; the
    directories on the way (under the working directory) are made as torch makes them."""
    if not isinstance(path, str):
        raise TypeError(f"{what}: give the file name as a str, not {type(path).__name__}")
    policy = _POLICY[0]
    if policy is None:
        raise PermissionError(f"{what}: this session has no file access")
    path = policy(path, what, True)
    parent = os.path.dirname(path)
    if parent and not os.path.isdir(parent):
        os.makedirs(parent, exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
