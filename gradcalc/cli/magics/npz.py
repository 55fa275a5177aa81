"""%save FILE [NAMES] and %load FILE: variables to and from numpy's ``.npz`` format.

A file holds one array per tensor (a tensor variable's under its own name, with its
dtype; gradients and tensors inside lists under ``~N`` keys), plus one small JSON text
array (``__gradcalc__``) describing every saved variable: tensors with ``requires_grad``
and ``.grad``, numbers, strings, lists/tuples/dicts/sets of them (saved_values.py says
what is kept and what is skipped, and why). Any ``.npz`` numpy writes can be loaded (its
arrays become tensors that do not require grad), and so can gradcalc's format-1 files.

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
FORMAT = 2  # 1: tensors only; 2: "values" and "tensors" describe every saved variable


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
    from .saved_values import Encoder, Skip, is_module

    path, names = _split(ctx, args, "%save FILE [NAME ...] [--force]")
    force = "--force" in names
    names = [n for n in names if n != "--force"]
    path = file_access.check_write(ctx, path, "%save", force, file_access.npz_is_ours)
    namespace = ctx.session.namespace
    explicit = bool(names)
    if explicit:
        for name in names:
            if name not in namespace:
                raise ctx.error("NameError", f"name {name!r} is not defined")
    else:
        names = [n for n in sorted(namespace) if not n.startswith("_") and not is_module(namespace[n])]
    names = list(dict.fromkeys(names))
    # tensors first, so that each keeps its own name in the archive (numpy users see it)
    order = sorted(names, key=lambda n: not _is_tensor(namespace[n]))
    enc = Encoder()
    values, skipped = {}, []
    for name in order:
        try:
            values[name] = enc.variable(name, namespace[name])
        except Skip as why:
            if explicit:
                raise ctx.error("TypeError", f"%save cannot save {name!r} ({why})") from None
            skipped.append(f"{name} ({why})")
    if not values:
        raise ctx.error("ValueError", "%save: there is nothing to save (it keeps tensors, numbers, strings, "
                                      "numpy arrays, and lists, tuples, dicts and sets of them)")
    saved = [n for n in names if n in values]
    values = {n: values[n] for n in saved}  # the file lists them in the order asked for (or by name)
    arrays = enc.arrays
    meta = {"format": FORMAT,
            "requires_grad": [n for n in saved if enc.tensors.get(n, {}).get("requires_grad")
                              and values[n] == {"tensor": n}],
            "values": values, "tensors": enc.tensors}
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
    notes = []
    if skipped:
        notes.append(f"Not saved: {', '.join(skipped)}.")
    if enc.graphs:
        notes.append(f"{_list(enc.graphs)} will load as {'a leaf' if len(enc.graphs) == 1 else 'leaves'} with the "
                     "same values: a graph (grad_fn) cannot be saved.")
    if ctx.interactive:
        ctx.output.write(f"Saved {_list(saved)} to {path}\n")
        if notes:
            ctx.output.write(" ".join(notes) + "\n")
    elif notes:
        ctx.output.warn(" ".join(notes))


def read_archive(ctx, path: str):
    """(arrays by name, the JSON description or None) from the file, or a UserError; binds nothing."""
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

    meta = contents.pop(META_KEY, None)
    if meta is not None:
        try:
            meta = json.loads(str(meta))
            if type(meta) is not dict or type(meta.get("requires_grad", [])) is not list:
                raise ValueError
        except (ValueError, RecursionError):
            raise ctx.error("ValueError", f"%load: {path!r} has a damaged {META_KEY} entry") from None
    if meta is None or "values" not in meta:  # numpy's own files, and gradcalc's before format 2
        for name in contents:
            _check_name(ctx, path, name)
        if not contents:
            raise ctx.error("ValueError", f"%load: {path!r} holds no arrays")
    return contents, meta


def _check_name(ctx, path, name):
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
        raise ctx.error("ValueError", f"%load: {path!r} holds {'an array' if name else 'a value'} named {name!r}, "
                                      "which is not a valid variable name")


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
                shape, _, dtype = read_header(member)
        except Exception:  # noqa: BLE001 - unreadable headers are reported when the data is read
            continue
        try:
            check_numel(shape, dtype.itemsize)
        except (RuntimeError, MemoryError) as exc:
            kind = "MemoryError" if isinstance(exc, MemoryError) else "RuntimeError"
            raise ctx.error(kind, f"%load: array {name!r} in {path!r}: {exc}") from None


def load(ctx, args: str) -> None:
    import gradcalc.engine as torch

    from . import file_access

    path, extra = _split(ctx, args, "%load FILE")
    if extra:
        raise ctx.error("UsageError", "usage: %load FILE (it loads every tensor in FILE)")
    path = file_access.check_read(ctx, path, "%load")
    contents, meta = read_archive(ctx, path)
    for name, array in contents.items():
        _check_array(ctx, path, name, array)
    if meta is not None and "values" in meta:
        variables = _described(ctx, path, contents, meta)
    else:
        wanted = set(meta["requires_grad"]) if meta is not None else set()
        variables = [(name, _make_tensor(ctx, path, name, array, {"requires_grad": name in wanted}, None))
                     for name, array in contents.items()]
    # Everything read and checked: now bind, all at once.
    for name, value in variables:
        ctx.session.set(name, value)
    if ctx.interactive:
        ctx.output.write(f"Loaded {_list([n for n, _ in variables])} from {path}\n")


def _check_array(ctx, path, name, array):
    from gradcalc.engine.limits import check_numel

    try:
        check_numel(array.shape, array.dtype.itemsize)  # the session's limits hold for loaded values too
    except (RuntimeError, MemoryError) as exc:
        kind = "MemoryError" if isinstance(exc, MemoryError) else "RuntimeError"
        raise ctx.error(kind, f"%load: array {name!r} in {path!r}: {exc}") from None


def _make_tensor(ctx, path, name, array, info, grad):
    import gradcalc.engine as torch

    try:
        tensor = torch.from_numpy(array.copy())
    except TypeError:
        raise ctx.error("TypeError", f"%load: array {name!r} in {path!r} has dtype {array.dtype}, "
                                     "which tensors do not support") from None
    if info.get("requires_grad") is True:
        if not tensor.is_floating_point():
            raise ctx.error("ValueError", f"%load: {path!r} says integer array {name!r} requires grad")
        tensor.requires_grad_(True)
    if grad is not None:
        if grad.shape != array.shape or grad.dtype != array.dtype:
            raise ctx.error("ValueError", f"%load: {path!r} holds a gradient of {name!r} of another shape or dtype")
        tensor.grad = torch.from_numpy(grad.copy())
    if info.get("parameter") is True:
        tensor = torch.nn.Parameter(tensor, requires_grad=tensor.requires_grad)
        if grad is not None:
            tensor.grad = torch.from_numpy(grad.copy())
    return tensor


def _described(ctx, path, contents, meta):
    """The variables of a format-2 file: [(name, value)], checked whole before anything is bound."""
    from .saved_values import Damaged, Decoder

    values, tensors = meta.get("values"), meta.get("tensors", {})
    if type(values) is not dict or type(tensors) is not dict or not values:
        raise ctx.error("ValueError", f"%load: {path!r} has a damaged {META_KEY} entry")
    decoder = Decoder(contents, tensors, lambda key, array, info, grad: _make_tensor(ctx, path, key, array, info,
                                                                                      grad))
    out = []
    for name, description in values.items():
        _check_name(ctx, path, name)
        try:
            out.append((name, decoder.value(description)))
        except (Damaged, RecursionError) as why:
            raise ctx.error("ValueError", f"%load: {path!r} has a damaged description of {name!r} "
                                          f"({why if isinstance(why, Damaged) else 'nested too deeply'})") from None
    return out


def _list(names) -> str:
    return ", ".join(names)
