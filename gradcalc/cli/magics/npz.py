"""%save FILE [NAMES] and %load FILE: tensors to and from numpy's ``.npz`` format.

A file holds one array per tensor, under the variable's name, with its dtype, plus
one small JSON text array (``__gradcalc__``) listing which tensors required grad.
Any ``.npz`` numpy writes can be loaded (its tensors then do not require grad).

Safety: files are read with ``allow_pickle=False`` (an archive cannot run code),
every array is read and checked before any variable is bound (a bad file loads
nothing), and a save goes to a temporary file renamed into place (a failed save
leaves no half-written file).
"""

from __future__ import annotations

import json
import keyword
import os
import shlex
import tempfile

META_KEY = "__gradcalc__"  # a dunder name: no user variable can be called that
FORMAT = 1


def _split(ctx, args: str, usage: str):
    try:
        words = shlex.split(args)
    except ValueError as exc:
        raise ctx.error("UsageError", f"{usage}: {exc}") from None
    if not words:
        raise ctx.error("UsageError", f"usage: {usage}")
    return words[0], words[1:]


def _is_tensor(value) -> bool:
    from gradcalc.engine.tensor import is_tensor
    return is_tensor(value)


def _os_error(ctx, exc: OSError, path: str):
    # Python's own wording, naming the user's path (not our temporary file).
    kind = type(exc).__name__
    if exc.errno is not None and exc.strerror:
        return ctx.error(kind, f"[Errno {exc.errno}] {exc.strerror}: {path!r}")
    return ctx.error(kind, f"{exc}: {path!r}")


def save(ctx, args: str) -> None:
    import numpy as np

    from . import file_access

    path, names = _split(ctx, args, "%save FILE [NAME ...] [--force]")
    force = "--force" in names
    names = [n for n in names if n != "--force"]
    path = file_access.check_write(ctx, path, "%save", force, file_access.npz_is_ours)
    namespace = ctx.session.namespace
    if names:
        for name in names:
            if name not in namespace:
                raise ctx.error("NameError", f"name {name!r} is not defined")
            if not _is_tensor(namespace[name]):
                raise ctx.error("TypeError", f"%save saves tensors; {name!r} is a {type(namespace[name]).__name__}")
    else:
        names = [n for n in sorted(namespace) if not n.startswith("_") and _is_tensor(namespace[n])]
        if not names:
            raise ctx.error("ValueError", "%save: there are no tensors to save")
    names = list(dict.fromkeys(names))
    arrays = {name: np.array(namespace[name].detach().numpy(), copy=True) for name in names}
    meta = {"format": FORMAT, "requires_grad": [n for n in names if namespace[n].requires_grad]}
    arrays[META_KEY] = np.array(json.dumps(meta))

    directory = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".gradcalc-save-", suffix=".npz", dir=directory)
        with os.fdopen(fd, "wb") as f:
            np.savez(f, **arrays)  # a file object: numpy does not append ".npz" to the name
        os.replace(tmp, path)
        tmp = None
        file_access.wrote(path)
    except OSError as exc:
        raise _os_error(ctx, exc, path) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    if ctx.interactive:
        ctx.output.write(f"Saved {_list(names)} to {path}\n")


def read_archive(ctx, path: str):
    """[(name, ndarray, requires_grad)] from the file, or a UserError; binds nothing."""
    import zipfile

    import numpy as np

    try:
        archive = np.load(path, allow_pickle=False)
    except OSError as exc:
        if isinstance(exc, (FileNotFoundError, IsADirectoryError, PermissionError)) or exc.errno:
            raise _os_error(ctx, exc, path) from None
        raise ctx.error("ValueError", f"%load: {path!r} is not a .npz file ({_why(exc)})") from None
    except (ValueError, EOFError, zipfile.BadZipFile) as exc:
        raise ctx.error("ValueError", f"%load: {path!r} is not a .npz file ({_why(exc)})") from None
    if not hasattr(archive, "files"):
        raise ctx.error("ValueError", f"%load: {path!r} holds a single array (.npy), not a .npz archive")
    _check_sizes_first(ctx, archive, path)
    try:
        with archive:
            contents = {name: archive[name] for name in archive.files}
    except Exception as exc:  # a damaged member, a pickled (object) array, ...
        raise ctx.error("ValueError", f"%load: {path!r} is damaged or unreadable ({_why(exc)})") from None

    requires_grad = set()
    meta = contents.pop(META_KEY, None)
    if meta is not None:
        try:
            requires_grad = set(json.loads(str(meta))["requires_grad"])
        except (ValueError, KeyError, TypeError):
            raise ctx.error("ValueError", f"%load: {path!r} has a damaged {META_KEY} entry") from None
    result = []
    for name, array in contents.items():
        if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
            raise ctx.error("ValueError", f"%load: {path!r} holds an array named {name!r}, "
                                          "which is not a valid variable name")
        result.append((name, array, name in requires_grad))
    if not result:
        raise ctx.error("ValueError", f"%load: {path!r} holds no arrays")
    return result


def _why(exc) -> str:
    """What went wrong, in gradcalc's words (numpy's advise allow_pickle=True, which %load never does)."""
    text = str(exc)
    if "max_header_size" in text or "Header info length" in text:
        return "an array header is too large to read safely"
    if "allow_pickle" in text or "Object arrays" in text:
        return "it holds Python objects, which %load never reads"
    if "zip" in text.lower():
        return "not a zip archive, or a damaged one"
    if isinstance(exc, EOFError) or "truncated" in text or "EOF" in text:
        return "the file ends early"
    return "an array in it cannot be read"


def _check_sizes_first(ctx, archive, path):
    """Refuse an array beyond the element limit from its header, before reading (decompressing)
    any data: a small file can hold a huge array of zeros."""
    import numpy as np
    from gradcalc.engine.limits import check_numel

    for name in archive.files:
        try:
            with archive.zip.open(name + ".npy") as member:
                fmt = np.lib.format
                version = fmt.read_magic(member)
                read_header = fmt.read_array_header_1_0 if version == (1, 0) else fmt.read_array_header_2_0
                shape, _, _ = read_header(member)
        except Exception:  # noqa: BLE001 - unreadable headers are reported when the data is read
            continue
        try:
            check_numel(shape)
        except RuntimeError as exc:
            raise ctx.error("RuntimeError", f"%load: array {name!r} in {path!r}: {exc}") from None


def load(ctx, args: str) -> None:
    import gradcalc.engine as torch

    from . import file_access

    path, extra = _split(ctx, args, "%load FILE")
    if extra:
        raise ctx.error("UsageError", "usage: %load FILE (it loads every tensor in FILE)")
    path = file_access.check_read(ctx, path, "%load")
    tensors = []
    from gradcalc.engine.limits import check_numel

    for name, array, requires_grad in read_archive(ctx, path):
        try:
            check_numel(array.shape)  # the session's --max-elements holds for loaded tensors too
        except RuntimeError as exc:
            raise ctx.error("RuntimeError", f"%load: array {name!r} in {path!r}: {exc}") from None
        try:
            tensor = torch.from_numpy(array.copy())
        except TypeError:
            raise ctx.error("TypeError", f"%load: array {name!r} in {path!r} has dtype {array.dtype}, "
                                         "which tensors do not support") from None
        if requires_grad:
            if not tensor.is_floating_point():
                raise ctx.error("ValueError", f"%load: {path!r} says integer array {name!r} requires grad")
            tensor.requires_grad_(True)
        tensors.append((name, tensor))
    # Everything read and checked: now bind, all at once.
    for name, tensor in tensors:
        ctx.session.set(name, tensor)
    if ctx.interactive:
        ctx.output.write(f"Loaded {_list([n for n, _ in tensors])} from {path}\n")


def _list(names) -> str:
    return ", ".join(names)
