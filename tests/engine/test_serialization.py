"""torch.save / torch.load: torch's files load here, gradcalc's files are the bytes torch was shown to load,
and a crafted pickle never runs anything."""

import io
import json
import os
import pickle
import struct
import sys
import zipfile
from collections import OrderedDict

import numpy as np
import pytest

import gradcalc.engine as torch
from gradcalc.engine.serialization_pickle_read import UnpicklingError

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(__file__)), "golden")
FIXTURES = os.path.join(GOLDEN, "serialization")
sys.path.insert(0, GOLDEN)
from serialization_cases import build  # noqa: E402

with open(os.path.join(GOLDEN, "serialization.json")) as _f:
    RECORD = json.load(_f)["cases"]
# cases computed without training: their values (and so gradcalc's bytes) do not depend on float rounding
_EXACT = ("tensors", "state_dict", "module_state_dict", "containers", "tensor_only")


@pytest.mark.parametrize("name", sorted(RECORD))
def test_files_written_by_torch_load_as_torch_shows_them(name):
    loaded = torch.load(os.path.join(FIXTURES, f"torch_{name}.pt"))
    assert repr(loaded) == RECORD[name]["repr"]


@pytest.mark.parametrize("name", sorted(RECORD))
def test_files_gradcalc_wrote_read_back_as_torch_read_them(name):
    loaded = torch.load(os.path.join(FIXTURES, f"gradcalc_{name}.pt"), weights_only=True)
    assert repr(loaded) == RECORD[name]["torch_loaded_gradcalc_file"]


@pytest.mark.parametrize("name", _EXACT)
def test_gradcalc_still_writes_the_bytes_torch_loaded(name):
    obj = build(torch)[name]
    buf = io.BytesIO()
    torch.save(obj, buf)
    with open(os.path.join(FIXTURES, f"gradcalc_{name}.pt"), "rb") as f:
        committed = f.read()
    # the archive folder is named after the file; the generator wrote to a path, this to a buffer
    assert _records(buf.getvalue(), "archive") == _records(committed, f"gradcalc_{name}")


def _records(blob, folder):
    with zipfile.ZipFile(io.BytesIO(blob)) as z:
        return {n[len(folder) + 1:]: z.read(n) for n in z.namelist()}


def test_state_dict_round_trip_into_a_module():
    torch.manual_seed(1)
    a, b = torch.nn.Linear(3, 2), torch.nn.Linear(3, 2)
    buf = io.BytesIO()
    torch.save(a.state_dict(), buf)
    buf.seek(0)
    sd = torch.load(buf, weights_only=True)
    assert type(sd) is OrderedDict and list(sd) == ["weight", "bias"]
    b.load_state_dict(sd)
    assert torch.equal(a.weight, b.weight) and torch.equal(a.bias, b.bias)


def test_round_trip_keeps_dtype_shape_values_and_requires_grad():
    objs = build(torch)["tensors"]
    buf = io.BytesIO()
    torch.save(objs, buf)
    buf.seek(0)
    back = torch.load(buf)
    for k, t in objs.items():
        u = back[k]
        assert u.dtype == t.dtype and u.shape == t.shape and u.requires_grad == t.requires_grad, k
        assert isinstance(u, torch.nn.Parameter) == isinstance(t, torch.nn.Parameter), k
        assert np.array_equal(u.detach().numpy(), t.detach().numpy(), equal_nan=True), k
        assert u.is_contiguous()


def test_tensors_of_one_storage_load_as_torch_views_read():
    loaded = torch.load(os.path.join(FIXTURES, "torch_tensors.pt"))
    x = torch.arange(12.0).reshape(3, 4)
    assert torch.equal(loaded["transposed"], x.t()) and torch.equal(loaded["slice"], x[1:, ::2])


def test_a_tensor_shared_twice_is_saved_once():
    t = torch.ones(3)
    buf = io.BytesIO()
    torch.save([t, t], buf)
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:
        assert [n for n in z.namelist() if "/data/" in n] == ["archive/data/0"]
    buf.seek(0)
    a, b = torch.load(buf)
    assert a is b


def test_records_are_aligned_to_64_bytes_as_torch_writes_them():
    buf = io.BytesIO()
    torch.save({"x": torch.ones(5), "y": torch.zeros(3, dtype=torch.int64)}, buf)
    blob = buf.getvalue()
    with zipfile.ZipFile(io.BytesIO(blob)) as z:
        for info in z.infolist():
            name_len, extra_len = struct.unpack("<HH", blob[info.header_offset + 26:info.header_offset + 30])
            assert (info.header_offset + 30 + name_len + extra_len) % 64 == 0, info.filename
        assert z.read("archive/byteorder") == b"little" and z.read("archive/version") == b"3\n"


def test_what_torch_weights_only_could_not_load_is_not_saved():
    for obj in (torch.nn.Linear(2, 2), torch.optim, object(), frozenset({1}), lambda: 1):
        with pytest.raises(TypeError, match="torch.save: "):
            torch.save(obj, io.BytesIO())


def test_not_a_checkpoint():
    with pytest.raises(UnpicklingError, match="not a checkpoint"):
        torch.load(io.BytesIO(b"hello"))
    legacy = io.BytesIO(b"\x80\x02\x8a\x0al\xfc\x9cF\xf9 j\xa8P\x19.rest")
    with pytest.raises(RuntimeError, match="legacy format"):
        torch.load(legacy)


def test_cuda_tensors_need_map_location():
    blob = _checkpoint(_pickle_with_storage(location="cuda:0"), {"0": b"\0" * 8})
    with pytest.raises(RuntimeError, match="torch.cuda.is_available\\(\\) is False"):
        torch.load(io.BytesIO(blob))
    t = torch.load(io.BytesIO(blob), map_location="cpu")
    assert torch.equal(t, torch.zeros(2))


# -- crafted files: nothing named outside torch's weights_only allowlist is ever called --------------

class _Reduce:
    def __init__(self, fn, args):
        self.fn, self.args = fn, args

    def __reduce__(self):
        return self.fn, self.args


def _checkpoint(pkl, storages=None):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("archive/data.pkl", pkl)
        z.writestr("archive/byteorder", b"little")
        for key, data in (storages or {}).items():
            z.writestr(f"archive/data/{key}", data)
        z.writestr("archive/version", b"3\n")
    return buf.getvalue()


def _pickle_with_storage(size=(2,), stride=(1,), offset=0, numel=2, location="cpu"):
    """A pickle of one float32 tensor, as torch writes it, with the given geometry."""
    return (b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\nq\x00((X\x07\x00\x00\x00storageq\x01ctorch\nFloatStorage\n"
            + b"X\x01\x00\x00\x000" + b"X" + struct.pack("<I", len(location)) + location.encode()
            + b"J" + struct.pack("<i", numel) + b"tQ"
            + b"J" + struct.pack("<i", offset)
            + b"(" + b"".join(b"J" + struct.pack("<i", d) for d in size) + b"t"
            + b"(" + b"".join(b"J" + struct.pack("<i", s) for s in stride) + b"t"
            + b"\x89ccollections\nOrderedDict\n)RtR.")


def _evil_pickles(marker):
    cmd = f"touch {marker}"
    import builtins
    import subprocess
    yield "os.system", pickle.dumps(_Reduce(os.system, (cmd,)), protocol=2)
    yield "eval", pickle.dumps(_Reduce(builtins.eval, (f"open({marker!r}, 'w')",)), protocol=2)
    yield "exec protocol 4", pickle.dumps(_Reduce(builtins.exec, (f"open({marker!r}, 'w')",)), protocol=4)
    yield "exec protocol 0", pickle.dumps(_Reduce(builtins.exec, (f"open({marker!r}, 'w')",)), protocol=0)
    yield "subprocess", pickle.dumps(_Reduce(subprocess.call, (["touch", marker],)), protocol=2)
    yield "getattr", pickle.dumps(_Reduce(getattr, (_Reduce(__import__, ("os",)), "system")), protocol=2)
    yield "nested in a dict", pickle.dumps({"w": _Reduce(os.system, (cmd,))}, protocol=2)
    # an allowed global can be named, but only called as torch's loader calls it
    yield "OrderedDict with args", b"\x80\x02ccollections\nOrderedDict\n]\x85R."
    # a dtype is a value, never a callable
    yield "call a dtype", b"\x80\x02ctorch\nfloat32\n)R."
    # BUILD may only set an OrderedDict's _metadata: not the state of a function or a dict
    yield "BUILD on a function", b"\x80\x02ccollections\nOrderedDict\n}X\x0b\x00\x00\x00__globals__}sb."
    yield "BUILD on a dict", b"\x80\x02}}X\x01\x00\x00\x00a}sb."
    # INST and OBJ (protocol 0/1 object creation) are not torch's opcodes
    yield "INST", b"(ios\nsystem\nX\x04\x00\x00\x00echot."
    yield "NEWOBJ of a class", b"\x80\x02cos\n_Environ\n)\x81."
    yield "persistent id not a storage", b"\x80\x02(X\x06\x00\x00\x00systemtQ."
    yield "STACK_GLOBAL", b"\x80\x04\x8c\x02os\x8c\x06system\x93\x8c\x04echo\x85R."


@pytest.mark.parametrize("case", range(15))
def test_malicious_pickles_are_refused_and_run_nothing(case, tmp_path):
    marker = str(tmp_path / "pwned")
    label, pkl = list(_evil_pickles(marker))[case]
    with pytest.raises(UnpicklingError) as err:
        torch.load(io.BytesIO(_checkpoint(pkl)), weights_only=False)
    assert not os.path.exists(marker), label
    assert "_pickle" not in str(err.value)
    msg = str(err.value)
    assert "Weights only load failed" in msg or "malformed" in msg, (label, msg)


def test_refusal_names_the_global():
    pkl = pickle.dumps(_Reduce(os.system, ("true",)), protocol=2)
    with pytest.raises(UnpicklingError, match=r"Unsupported global: GLOBAL (posix|nt)\.system was not an allowed "
                                              r"global by default.*never runs code from a file"):
        torch.load(io.BytesIO(_checkpoint(pkl)))


@pytest.mark.parametrize("geometry,words", [
    (dict(size=(3,), stride=(1,), numel=2), "reads past the end"),
    (dict(size=(2,), stride=(1,), offset=1, numel=2), "reads past the end"),
    (dict(size=(2,), stride=(-1,), numel=2), "stride"),
    (dict(size=(2,), stride=(1,), offset=-1, numel=2), "offset"),
])
def test_a_tensor_outside_its_storage_is_refused(geometry, words):
    blob = _checkpoint(_pickle_with_storage(**geometry), {"0": b"\0" * 8})
    with pytest.raises(UnpicklingError, match=words):
        torch.load(io.BytesIO(blob))


def test_a_storage_larger_than_its_record_or_the_limit_is_refused():
    with pytest.raises(UnpicklingError, match="fewer than"):
        torch.load(io.BytesIO(_checkpoint(_pickle_with_storage(numel=2), {"0": b"\0" * 4})))
    from gradcalc.engine.limits import TensorTooLargeError
    with pytest.raises(TensorTooLargeError):
        torch.load(io.BytesIO(_checkpoint(_pickle_with_storage(size=(2,), numel=2 ** 31 - 1), {"0": b""})))


def test_truncated_and_garbage_pickles_are_clear_errors():
    good = _pickle_with_storage()
    for bad in (good[:40], good[:-1], b"\x80\x02\xff.", b"\x80\x02t.", b"\x80\x02h\x05."):
        with pytest.raises(UnpicklingError):
            torch.load(io.BytesIO(_checkpoint(bad, {"0": b"\0" * 8})))


def test_unsupported_dtypes_say_so():
    pkl = _pickle_with_storage().replace(b"FloatStorage", b"ComplexHalfStorage")
    with pytest.raises(UnpicklingError, match="complex32 tensor, a dtype gradcalc does not have"):
        torch.load(io.BytesIO(_checkpoint(pkl, {"0": b"\0" * 8})))
