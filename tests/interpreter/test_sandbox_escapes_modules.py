"""Ways out of the sandbox through the modules (numpy, copy, collections, functools, operator,
typing, dataclasses, random, time, ...): each fails with a clear error and binds nothing.

Same rules as test_sandbox_escapes.py: every attempt is written ``leak = <attempt>``
(or is a statement); if it worked, ``leak`` would exist.
"""

import os

import pytest

from interp_testutil import Run
from test_sandbox_escapes import _check

SETUP = ("import numpy as np\nimport copy, collections, functools, itertools, operator, random, time, string\n"
         "import typing, dataclasses, enum, math, statistics, io\n"
         "x = torch.ones(2)\na = np.arange(4.0)\n")

ESCAPES = [
    # io: BytesIO only (torch.save's buffer), and of it no buffer or file descriptor
    ("io.FileIO", "AttributeError", "FileIO"),
    ("io.open", "AttributeError", "open"),
    ("io.BytesIO().getbuffer()", "AttributeError", "getbuffer"),
    ("io.BytesIO().fileno()", "AttributeError", "fileno"),
    # numpy: files, memory, numpy's internals
    ("np.load('x.npy')", "AttributeError", "load"),
    ("np.save('x.npy', a)", "AttributeError", "save"),
    ("np.savez('x.npz', a)", "AttributeError", "savez"),
    ("np.loadtxt('x')", "AttributeError", "loadtxt"),
    ("np.genfromtxt('x')", "AttributeError", "genfromtxt"),
    ("np.fromfile('/etc/passwd')", "AttributeError", "fromfile"),
    ("np.frombuffer(a)", "AttributeError", "frombuffer"),
    ("np.fromstring('1 2', sep=' ')", "AttributeError", "fromstring"),
    ("np.memmap('x')", "AttributeError", "memmap"),
    ("np.DataSource()", "AttributeError", "DataSource"),
    ("np.ctypeslib", "AttributeError", "ctypeslib"),
    ("np.lib.format", "AttributeError", "format"),
    ("np.lib.npyio", "AttributeError", "npyio"),
    ("np.lib.stride_tricks.as_strided(a, (100,), (8,))", "AttributeError", "as_strided"),
    ("np.core", "AttributeError", "core"),
    ("np._core", "AttributeError", "_core"),
    ("np.testing", "AttributeError", "testing"),
    ("np.info(np.add)", "AttributeError", "info"),
    ("np.source(np.add)", "AttributeError", "source"),
    ("np.lookfor('x')", "AttributeError", "lookfor"),
    ("np.show_config()", "AttributeError", "show_config"),
    ("np.seterrcall(print)", "AttributeError", "seterrcall"),
    ("np.vectorize(print)", "AttributeError", "vectorize"),
    ("np.frompyfunc(print, 1, 1)", "AttributeError", "frompyfunc"),
    ("np.apply_along_axis(print, 0, a)", "AttributeError", "apply_along_axis"),
    ("np.fromfunction(print, (2,))", "AttributeError", "fromfunction"),
    ("np.set_printoptions(formatter=fmt)", "TypeError", "formatter"),
    ("np.array([1, None])", "TypeError", "object"),
    ("np.array([print])", "TypeError", "object"),
    ("np.zeros(3, dtype=object)", "TypeError", "object"),
    ("np.zeros(3, dtype='O')", "TypeError", "object"),
    ("np.empty(2, object)", "TypeError", "object"),
    ("a.astype(object)", "TypeError", "object"),
    ("np.dtype(object)", "TypeError", "object"),
    ("np.ndarray((10,), buffer=a, offset=8)", "TypeError", "buffer"),
    ("np.ndarray((100,), strides=(0,))", "TypeError", "strides"),
    ("np.ndarray.__new__", "AttributeError", "__new__"),
    ("type(a)((2,), dtype=object)", "TypeError", "object"),
    ("type(a)((10,), buffer=a, offset=8)", "TypeError", "buffer"),
    ("type(a).__new__", "AttributeError", "__new__"),
    ("type(np.float64(1)).__mro__", "AttributeError", "__mro__"),
    ("getattr(np, 'load')", "AttributeError", "load"),
    ("getattr(a, '__array_interface__')", "AttributeError", "__array_interface__"),
    ("getattr(a, 'ctypes')", "AttributeError", "ctypes"),
    ("np.ndarray.ctypes", "AttributeError", "ctypes"),
    ("a.ctypes", "AttributeError", "ctypes"),
    ("a.data", "AttributeError", "data"),
    ("a.base", "AttributeError", "base"),
    ("a.flags", "AttributeError", "flags"),
    ("a.__array_interface__", "AttributeError", "__array_interface__"),
    ("a.tofile('x')", "AttributeError", "tofile"),
    ("a.dump('x')", "AttributeError", "dump"),
    ("a.dumps()", "AttributeError", "dumps"),
    ("a.tobytes()", "AttributeError", "tobytes"),
    ("a.view(np.ndarray)", "AttributeError", "view"),
    ("a.resize(100)", "AttributeError", "resize"),
    ("a.setflags(write=True)", "AttributeError", "setflags"),
    ("a.flat", "AttributeError", "flat"),
    ("a.dtype.type.__mro__", "AttributeError", "__mro__"),
    ("np.add.__call__", "AttributeError", "__call__"),
    ("np.sum.__wrapped__", "AttributeError", "__wrapped__"),
    ("np.sum._fn", "AttributeError", "_fn"),
    ("np.sum.reduce", "AttributeError", "reduce"),
    ("np.random.mtrand", "AttributeError", "mtrand"),
    ("np.random.default_rng(0).bit_generator", "AttributeError", "bit_generator"),
    ("np.random.bit_generator", "AttributeError", "bit_generator"),
    ("np.linalg.lapack_lite", "AttributeError", "lapack_lite"),
    ("np.float64.__subclasses__()", "AttributeError", "__subclasses__"),
    ("np.finfo.__init__", "AttributeError", "__init__"),
    ("np.mgrid.__class__", "AttributeError", "__class__"),
    # copy: no __reduce_ex__ of a class runs
    ("copy.deepcopy(np.random)", "TypeError", "module"),
    ("copy._reconstruct", "AttributeError", "_reconstruct"),
    ("copy.deepcopy(x * torch.ones(2, requires_grad=True))", "RuntimeError", "graph leaves"),
    ("copy.deepcopy((i for i in []))", "TypeError", "generator"),
    # collections: namedtuple never runs user text
    ("collections.namedtuple('P', 'x) or __import__(\"os\").system(\"id\") or (y')", "ValueError", "identifiers"),
    ("collections.namedtuple('P', ['x=1'])", "ValueError", "identifiers"),
    ("collections.namedtuple('P', ['_x'])", "ValueError", "underscore"),
    ("collections.namedtuple('P os', ['x'])", "ValueError", "identifiers"),
    ("collections.namedtuple('P', 'x')._make", "AttributeError", "_make"),
    ("collections.namedtuple('P', 'x')(1)._asdict()", "AttributeError", "_asdict"),
    ("collections.abc", "AttributeError", "abc"),
    ("collections.ChainMap", "AttributeError", "ChainMap"),
    # functools: nothing reaches a real function's internals
    ("functools.partial(print).func.__self__", "AttributeError", "__self__"),
    ("functools.partial(np.sum).func._fn", "AttributeError", "_fn"),
    ("functools.partial(math.sqrt).__setstate__", "AttributeError", "__setstate__"),
    ("functools.lru_cache()(math.sqrt).__wrapped__", "AttributeError", "__wrapped__"),
    ("functools.wraps(print)(math.sqrt)", "TypeError", "def or lambda"),
    ("functools.update_wrapper(np.sum, print)", "TypeError", "def or lambda"),
    ("functools.total_ordering(torch.Tensor)", "TypeError", "classes defined in the program"),
    ("functools.singledispatch", "AttributeError", "singledispatch"),
    ("functools._lru_cache_wrapper", "AttributeError", "_lru_cache_wrapper"),
    # operator: attribute access by the sandbox's rules
    ("operator.attrgetter('__class__')(x)", "AttributeError", "__class__"),
    ("operator.attrgetter('shape.__class__')(x)", "AttributeError", "__class__"),
    ("operator.attrgetter('_data')(x)", "AttributeError", "_data"),
    ("operator.methodcaller('__reduce_ex__', 2)(x)", "AttributeError", "__reduce_ex__"),
    ("operator.methodcaller('tofile', 'x')(a)", "AttributeError", "tofile"),
    ("operator.setitem(print, 0, 1)", "TypeError", "item assignment"),
    ("operator.attrgetter('x')._paths", "AttributeError", "_paths"),
    ("operator.pow(10, 10 ** 10)", "OverflowError", "too large"),
    # typing, dataclasses, enum
    ("typing.get_type_hints", "AttributeError", "get_type_hints"),
    ("typing.NamedTuple", "AttributeError", "NamedTuple"),
    ("typing.TypedDict", "AttributeError", "TypedDict"),
    ("typing.sys", "AttributeError", "sys"),
    ("typing.ForwardRef('__import__(\"os\")')", "AttributeError", "ForwardRef"),
    ("typing.List.__origin__", "AttributeError", "__origin__"),
    ("dataclasses.make_dataclass('C', ['x'])", "AttributeError", "make_dataclass"),
    ("dataclasses.sys", "AttributeError", "sys"),
    ("dataclasses.dataclass(torch.Tensor)", "TypeError", "classes defined in the program"),
    ("dataclasses.asdict(x)", "TypeError", "dataclass instances"),
    ("enum.sys", "AttributeError", "sys"),
    ("enum.EnumMeta", "AttributeError", "EnumMeta"),
    # random, time, string, math, statistics
    ("random._inst", "AttributeError", "_inst"),
    ("random.SystemRandom", "AttributeError", "SystemRandom"),
    ("random.random.__self__", "AttributeError", "__self__"),
    ("random.Random(0)._randbelow", "AttributeError", "_randbelow"),
    ("random._os", "AttributeError", "_os"),
    ("time.sleep.__self__", "AttributeError", "__self__"),
    ("time.tzset", "AttributeError", "tzset"),
    ("string.Formatter", "AttributeError", "Formatter"),
    ("string.Template('$x').pattern", "AttributeError", "pattern"),
    ("string._re", "AttributeError", "_re"),
    ("math.__loader__", "AttributeError", "__loader__"),
    ("statistics.sys", "AttributeError", "sys"),
    ("statistics.random", "AttributeError", "random"),
    ("itertools.chain.__reduce__", "AttributeError", "__reduce__"),
]

STATEMENT_ESCAPES = [
    ("import os", "ModuleNotFoundError", "sandbox"),
    ("import sys", "ModuleNotFoundError", "'sys'"),
    ("import subprocess", "ModuleNotFoundError", "'subprocess'"),
    ("import pickle", "ModuleNotFoundError", "'pickle'"),

    ("import socket", "ModuleNotFoundError", "'socket'"),
    ("import matplotlib.pyplot as plt", "ModuleNotFoundError", "'matplotlib.pyplot'"),
    ("import torchvision", "ModuleNotFoundError", "'torchvision'"),
    ("import pandas as pd", "ModuleNotFoundError", "'pandas'"),
    ("import ctypes", "ModuleNotFoundError", "'ctypes'"),
    ("import importlib", "ModuleNotFoundError", "'importlib'"),
    ("import builtins", "ModuleNotFoundError", "'builtins'"),
    ("import numpy.ctypeslib", "ModuleNotFoundError", "'numpy.ctypeslib'"),
    ("import numpy.lib.format", "ModuleNotFoundError", "'numpy.lib.format'"),
    ("import numpy.testing", "ModuleNotFoundError", "'numpy.testing'"),
    ("import numpy.core", "ModuleNotFoundError", "'numpy.core'"),
    ("from numpy import load", "ImportError", "'load'"),
    ("from numpy import ctypeslib", "ImportError", "'ctypeslib'"),
    ("from numpy.lib import format", "ImportError", "'format'"),
    ("from numpy.lib.stride_tricks import as_strided", "ImportError", "'as_strided'"),
    ("from copy import _reconstruct", "ImportError", "'_reconstruct'"),
    ("from random import _inst", "ImportError", "'_inst'"),
    ("from typing import get_type_hints", "ImportError", "'get_type_hints'"),
    ("from functools import _lru_cache_wrapper", "ImportError", "_lru_cache_wrapper"),
    ("from collections import abc", "ImportError", "'abc'"),
    ("from os import *", "ModuleNotFoundError", "'os'"),
    ("a.shape = (2, 2)", "AttributeError", "read-only"),
    ("np.pi = 3", "AttributeError", "read-only"),
    ("math.pi = 3", "AttributeError", "read-only"),
    ("np.float64(1)[0] = 2", "TypeError", "item assignment"),
    ("@dataclasses.dataclass\nclass C:\n    __annotations__ = {'x=__import__(\"os\").system(\"id\")': int}",
     "TypeError", "identifiers"),
    ("class C(enum.Enum):\n    A = 1\n    def __reduce_ex__(self, p):\n        return (print, ('x',))",
     "TypeError", "__reduce_ex__"),
    ("class C(enum.Enum):\n    A = 1\nleak = C._member_map_", "AttributeError", "_member_map_"),
    ("class C(enum.Enum):\n    A = 1\nleak = C.__members__", "AttributeError", "__members__"),
    ("class C(enum.Enum):\n    A = 1\nleak = type(C).__call__", "AttributeError", "__call__"),
    ("class M(type(enum.Enum)):\n    pass", "TypeError", "subclassing"),
    ("class C(collections.OrderedDict):\n    pass", "TypeError", "subclassing"),
]


@pytest.fixture
def session():
    r = Run()
    r.session.set("object", object)  # (the builtin the language is getting; numpy must refuse it as a dtype)
    r.session.set("fmt", {"float": print})
    r(SETUP)
    return r


@pytest.mark.parametrize("attempt,kind,word", ESCAPES, ids=[e[0] for e in ESCAPES])
def test_expression_escape_through_a_module_fails(session, attempt, kind, word):
    _check(session, f"leak = {attempt}", kind, word)


@pytest.mark.parametrize("attempt,kind,word", STATEMENT_ESCAPES, ids=[e[0] for e in STATEMENT_ESCAPES])
def test_statement_escape_through_a_module_fails(session, attempt, kind, word):
    _check(session, attempt, kind, word)


def test_no_file_was_written(session, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for attempt in ("np.save('x.npy', a)", "a.tofile('x')", "np.savetxt('x', a)", "a.dump('x')"):
        session.error(attempt)
    assert os.listdir(tmp_path) == []


def test_the_ndarray_class_checks_but_still_works(session):
    out = session("print(isinstance(a, np.ndarray), isinstance(x, np.ndarray), np.ndarray((2,), dtype=np.int8).shape,\n"
                  "      isinstance(a.dtype, np.dtype), np.dtype('float32'))")
    assert out == "True False (2,) True float32\n"


def test_a_failed_statement_undoes_writes_through_numpy(session):
    session("t = torch.zeros(3)\nn = t.numpy()\nb = np.zeros(3)\nl = [1, 2]\nd = collections.deque([1])\n"
            "c = collections.Counter('ab')")
    err = session.error("for i in range(1):\n    n += 1\n    np.add(b, 5, out=b)\n    n.fill(7)\n    b[1] = 9\n"
                        "    np.random.shuffle(b)\n    random.shuffle(l)\n    d.append(2)\n    c['a'] += 3\n"
                        "    t.add_(1)\n    np.copyto(b, np.ones(3))\n    1 / 0")
    assert err.kind == "ZeroDivisionError"
    assert session("print(t, n, b, l, d, c)") == ("tensor([0., 0., 0.]) [0. 0. 0.] [0. 0. 0.] [1, 2] deque([1]) "
                                                  "Counter({'a': 1, 'b': 1})\n")


def test_deepcopy_never_runs_reduce_ex(session):
    import gradcalc.interpreter.modules.std_data as std_data

    class Sneaky:
        def __reduce_ex__(self, protocol):
            raise AssertionError("__reduce_ex__ ran")

    with pytest.raises(TypeError, match="customises copying"):
        std_data.deepcopy([Sneaky()])
    with pytest.raises(TypeError, match="customises copying"):
        std_data.copy(Sneaky())


def test_namedtuple_never_calls_exec(monkeypatch):
    import builtins

    import gradcalc.interpreter.modules.std_data as std_data

    def no(*args, **kwargs):
        raise AssertionError("exec/eval called")

    monkeypatch.setattr(builtins, "exec", no)
    monkeypatch.setattr(builtins, "eval", no)
    P = std_data.namedtuple("P", "x y", defaults=[2])
    assert P(1) == (1, 2) and repr(P(1, 3)) == "P(x=1, y=3)"


def test_dataclass_refuses_field_names_that_are_not_identifiers(monkeypatch):
    import gradcalc.interpreter.modules.std_types as std_types
    from gradcalc.interpreter import sandbox

    monkeypatch.setattr(sandbox, "is_user_class", lambda cls: True)  # (classes made here, as a program's)

    dataclass = std_types.dataclasses_module()._members["dataclass"]
    Bad = type("Bad", (), {"__annotations__": {"x=__import__('os').system('id')": int}, "__module__": "__main__"})
    with pytest.raises(TypeError, match="identifiers"):
        dataclass(Bad)
    Good = type("Good", (), {"__annotations__": {"x": int, "y": int}, "__module__": "__main__", "y": 3})
    G = dataclass(Good)
    assert repr(G(1)) == "Good(x=1, y=3)"
