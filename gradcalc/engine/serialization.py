"""``torch.save`` / ``torch.load`` in torch's own checkpoint format.

A checkpoint is a zip archive (stored, not compressed) whose records sit in one folder
(``archive/`` for a buffer, the file's stem for a path):

    data.pkl              the object, pickled (protocol 2) with each tensor's storage as a
                          persistent id ('storage', torch.FloatStorage, key, 'cpu', numel)
    .format_version       '1'
    .storage_alignment    '64'  (each record's bytes start at a multiple of 64, so torch can mmap)
    byteorder             'little'
    data/<key>            the raw elements of storage <key>
    version               '3'

What gradcalc writes loads in torch 2.x with ``weights_only=True``; what torch writes
(tensors, parameters, containers of them, module and optimizer state dicts) loads here
through ``serialization_pickle_read``, which never calls anything a file names beyond
torch's ``weights_only`` allowlist. ``f`` is a path or a binary file object: where a
program may read and write is decided by whoever hands the engine that path (the
interpreter applies gradcalc's file rules), not here.
"""

import io
import os
import struct
import zipfile

import numpy as np

from . import bf16
from . import dtypes as _dt
from . import serialization_pickle_read as _read
from .limits import check_numel
from .serialization_pickle_read import UnpicklingError
from .serialization_pickle_write import CheckpointWriter

__all__ = ["save", "load"]

_ALIGN = 64
_DATE = (1980, 1, 1, 0, 0, 0)  # fixed: the same object always gives the same bytes
_LEGACY_MAGIC = b"\x80\x02\x8a\x0al\xfc\x9cF\xf9 j\xa8P\x19."  # torch's pre-1.6 format starts with this pickle


def _archive_name(f):
    if isinstance(f, (str, os.PathLike)):
        stem = os.path.splitext(os.path.basename(os.fspath(f)))[0]
        return stem or "archive"
    return "archive"


def _zip_bytes(folder, records):
    """The checkpoint archive: ``records`` [(name, bytes)] stored, each aligned to 64 bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for name, data in records:
            info = zipfile.ZipInfo(f"{folder}/{name}", date_time=_DATE)
            info.compress_type = zipfile.ZIP_STORED
            header_end = buf.tell() + 30 + len(info.filename.encode("utf-8")) + 4
            pad = (-header_end) % _ALIGN
            info.extra = b"FB" + struct.pack("<H", pad) + b"Z" * pad  # torch's padding field
            z.writestr(info, data)
    return buf.getvalue()


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """Save ``obj`` (tensors, numbers, strings and containers of them, e.g. a ``state_dict()``) to ``f``
    (a path or a binary file object) in torch's checkpoint format."""
    if pickle_module is not None:
        raise TypeError("torch.save: gradcalc writes the pickle itself; pickle_module is not supported")
    if not _use_new_zipfile_serialization:
        raise RuntimeError("torch.save: gradcalc writes only torch's zip format "
                           "(_use_new_zipfile_serialization=True)")
    writer = CheckpointWriter()
    pickled = writer.dumps(obj)
    records = [("data.pkl", pickled), (".format_version", b"1"), (".storage_alignment", b"64"),
               ("byteorder", b"little")]
    records += [(f"data/{key}", data) for key, data in writer.storages]
    records.append(("version", b"3\n"))
    blob = _zip_bytes(_archive_name(f), records)
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as out:
            out.write(blob)
    else:
        f.write(blob)


def _read_all(f):
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as src:
            return src.read()
    data = f.read()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("torch.load: the file object must be opened in binary mode")
    return bytes(data)


def _cuda_location(location, map_location):
    if map_location is not None:
        return  # everything is mapped to the CPU, the only device here
    if location.startswith("cuda"):
        raise RuntimeError("Attempting to deserialize object on a CUDA device but torch.cuda.is_available() "
                           "is False. If you are running on a CPU-only machine, please use torch.load with "
                           "map_location=torch.device('cpu') to map your storages to the CPU.")
    if location != "cpu":
        raise RuntimeError(f"torch.load: the file's tensors were saved on '{location}'; only the CPU exists "
                           "here: pass map_location='cpu'")


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """Load an object saved by ``torch.save`` (here or in PyTorch) from ``f`` (a path or a binary file
    object). Only what torch's ``weights_only=True`` loader accepts is read; nothing in the file is run."""
    if pickle_module is not None:
        raise TypeError("torch.load: gradcalc reads the pickle itself; pickle_module is not supported")
    if map_location is not None:
        from .devices import device
        loc = map_location
        if isinstance(loc, device):
            loc = str(loc)
        if isinstance(loc, str) and loc.split(":")[0] not in ("cpu", "cuda", "mps", "meta"):
            raise RuntimeError(f"Expected one of cpu, cuda, mps, meta device type at start of device string: {loc}")
        if isinstance(loc, str) and not loc.startswith("cpu"):
            _cuda_location(loc if loc.startswith("cuda") else "cpu", None)
    data = _read_all(f)
    if not data.startswith(b"PK\x03\x04"):
        if data.startswith(_LEGACY_MAGIC):
            raise RuntimeError("torch.load: this file is in torch's legacy format (before PyTorch 1.6), which "
                               "gradcalc does not read; save it again with a recent PyTorch")
        raise UnpicklingError("torch.load: the file is not a checkpoint written by torch.save (a zip archive "
                              "holding data.pkl)")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        names = archive.namelist()
    except (zipfile.BadZipFile, ValueError, OSError) as e:
        raise UnpicklingError(f"torch.load: the checkpoint's zip archive is damaged ({e})") from None
    pkl = [n for n in names if n.endswith("/data.pkl") and n.count("/") == 1]
    if not pkl:
        raise UnpicklingError("torch.load: the zip archive holds no data.pkl: it is not a torch checkpoint")
    folder = pkl[0][:-len("data.pkl")]
    big_endian = False
    if folder + "byteorder" in names:
        big_endian = archive.read(folder + "byteorder").strip() == b"big"
    storages = {}

    def persistent_load(pid):
        dtype, key, location, numel = _read.parse_pid(pid)
        _cuda_location(location, map_location)
        st = storages.get(key)
        if st is None:
            check_numel((numel,))
            name = f"{folder}data/{key}"
            try:
                info = archive.getinfo(name)
            except KeyError:
                raise UnpicklingError(f"torch.load: the checkpoint has no record {name!r}") from None
            nbytes = numel * dtype.itemsize
            if info.file_size < nbytes:
                raise UnpicklingError(f"torch.load: record {name!r} holds {info.file_size} bytes, fewer than "
                                      f"the {nbytes} its storage needs")
            with archive.open(info) as src:
                raw = src.read(nbytes)
            if dtype is _dt.bfloat16:  # torch's two bytes: the top half of the float32's bits
                arr = bf16.from_bits(np.frombuffer(raw, dtype=">u2" if big_endian else "<u2", count=numel))
            else:
                np_dtype = dtype.np.newbyteorder(">" if big_endian else "<")
                arr = np.frombuffer(raw, dtype=np_dtype, count=numel).astype(dtype.np, copy=True)
            st = storages[key] = _read.Storage(arr)
        elif st.array.dtype != dtype.np or st.array.size < numel:
            raise UnpicklingError(f"torch.load: storage {key!r} is named with two different types")
        return st

    try:
        return _read.RestrictedUnpickler(archive.read(pkl[0]), persistent_load).load()
    except (UnpicklingError, RuntimeError):
        raise
    except (TypeError, ValueError, KeyError, IndexError, struct.error, UnicodeDecodeError, OverflowError) as e:
        raise UnpicklingError(f"torch.load: the checkpoint's data.pkl is malformed ({type(e).__name__}: {e})") \
            from None
