"""Where a magic may read and write: files under the working directory, and nowhere else.

gradcalc promises that only its file magics (``%save``, ``%load``, ``%graph --dot``)
touch files, and this module is the one place that decides which files:

- a path relative to the working directory, without ``..``, not absolute, no ``~``;
- that stays inside the working directory once symbolic links are followed;
- a write never replaces a file gradcalc did not write (a ``.npz`` with gradcalc's
  entry, a DOT file with gradcalc's first line, or any file this process wrote),
  unless the user adds ``--force``;
- ``gradcalc --no-files`` turns all of it off.
"""

from __future__ import annotations

import os

ALLOWED = [True]  # False under --no-files (set once by the command line)
_WRITTEN = set()  # real paths this process wrote


def set_allowed(allowed: bool) -> None:
    ALLOWED[0] = bool(allowed)


def check_read(ctx, path: str, what: str) -> str:
    """``path`` if the magic ``what`` may read it, else raises the user's error."""
    return _inside(ctx, path, what)


def check_write(ctx, path: str, what: str, force: bool, ours) -> str:
    """``path`` if ``what`` may write it. ``ours(path)`` tells whether an existing file is one
    gradcalc wrote (its format's signature); otherwise only ``force`` lets it be replaced."""
    path = _inside(ctx, path, what)
    if os.path.lexists(path) and not force and not os.path.isdir(path):
        real = os.path.realpath(path)
        if real not in _WRITTEN and not _safely(ours, path):
            raise ctx.error("FileExistsError", f"{what}: {path!r} exists and was not written by gradcalc; "
                                               "add --force to replace it")
    return path


def wrote(path: str) -> None:
    """Remember that gradcalc wrote ``path`` (it may replace it later without --force)."""
    _WRITTEN.add(os.path.realpath(path))


def _inside(ctx, path: str, what: str) -> str:
    if not ALLOWED[0]:
        raise ctx.error("PermissionError", f"{what}: file access is turned off (--no-files)")
    rule = "files are read and written only under the working directory (a relative path without '..')"
    if not path:
        raise ctx.error("UsageError", f"{what}: the file name is empty")
    if os.path.isabs(path) or path.startswith("~"):
        raise ctx.error("PermissionError", f"{what}: {path!r} is not under the working directory; {rule}")
    if ".." in path.replace("\\", "/").split("/"):
        raise ctx.error("PermissionError", f"{what}: {path!r} goes up with '..'; {rule}")
    cwd = os.path.realpath(os.getcwd())
    real = os.path.realpath(path)
    if os.path.commonpath([cwd, real]) != cwd:
        raise ctx.error("PermissionError", f"{what}: {path!r} leads outside the working directory "
                                           f"through a symbolic link; {rule}")
    return path


def _safely(ours, path) -> bool:
    try:
        return bool(ours(path))
    except Exception:  # noqa: BLE001 - unreadable, not a zip...: not a file gradcalc wrote
        return False


def dot_is_ours(path: str) -> bool:
    with open(path, "rb") as f:
        return f.read(32).startswith(b"digraph gradcalc {")


def npz_is_ours(path: str) -> bool:
    import zipfile

    from .npz import META_KEY
    with zipfile.ZipFile(path) as z:
        return META_KEY + ".npy" in z.namelist()


# -- the same rules for a program's torch.save / torch.load -------------------------------------

class _ProgramErrors:
    """Stands in for a magic's ctx: the rules raise Python's own exceptions in a program."""

    @staticmethod
    def error(kind: str, message: str):
        return {"PermissionError": PermissionError, "FileExistsError": FileExistsError}.get(kind, ValueError)(message)


def program_file(path: str, what: str, write: bool) -> str:
    """``path`` if a program's ``what`` (torch.save, torch.load) may use it (the policy the interpreter's
    ``files.set_policy`` takes). A save may replace a torch checkpoint or a file this process wrote, never
    anything else (a program must not overwrite its own script by mistake)."""
    if not write:
        return check_read(_ProgramErrors, path, what)
    try:
        path = check_write(_ProgramErrors, path, what, False, checkpoint_is_ours)
    except FileExistsError:
        raise FileExistsError(f"{what}: {path!r} exists and is not a torch checkpoint; gradcalc does not "
                              "replace it (choose another name)") from None
    wrote(path)
    return path


def checkpoint_is_ours(path: str) -> bool:
    import zipfile
    with zipfile.ZipFile(path) as z:
        return any(n.endswith("/data.pkl") for n in z.namelist())
