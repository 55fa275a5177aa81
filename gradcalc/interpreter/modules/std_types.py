"""``typing``, ``dataclasses`` and ``enum``.

typing: the names annotations use (``List Optional Tuple Callable TypeVar ...``, ``cast``);
never ``get_type_hints`` (it evaluates annotation strings with ``eval``), ``NamedTuple``
or ``TypedDict``.
dataclasses: ``@dataclass`` on the program's own classes, after checking that every field
name is an identifier (CPython writes the field names into the source of ``__init__`` and
runs it with ``exec``); ``asdict``/``astuple`` copy with the sandbox's ``deepcopy``;
never ``make_dataclass``.
enum: ``Enum IntEnum Flag IntFlag StrEnum auto unique``; members have ``name`` and ``value``,
and an enum class gives its members (``Color.RED``).
"""

from __future__ import annotations

import keyword

from . import module_of, register_class, register_type

TYPING = """Any AnyStr Annotated Callable ClassVar Collection Container Counter DefaultDict Deque Dict Final
FrozenSet Generator Generic Hashable Iterable Iterator List Literal Mapping MutableMapping MutableSequence
MutableSet Never NewType NoReturn Optional OrderedDict Reversible Self Sequence Set Sized SupportsAbs
SupportsFloat SupportsIndex SupportsInt SupportsRound Text Tuple Type TypeVar Union TYPE_CHECKING cast
final overload get_args get_origin""".split()


def typing_module():
    import typing

    members = {n: getattr(typing, n) for n in TYPING if hasattr(typing, n)}

    def NewType(name, tp):
        """NewType creates simple unique types with almost zero runtime overhead."""
        new = typing.NewType(name, tp)
        new.__module__ = "__main__"  # CPython reads the caller's frame; the program is __main__
        return new

    NewType.__module__ = "typing"
    members["NewType"] = NewType
    return module_of("typing", members)


def _check_fields(cls):
    for name in cls.__dict__.get("__annotations__", {}):
        if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
            raise TypeError(f"dataclass field names must be identifiers, not {name!r}")


def dataclasses_module():
    import dataclasses

    from .std_data import deepcopy, user_class_only

    checked = user_class_only(dataclasses.dataclass)

    def dataclass(cls=None, /, **kwargs):
        """Add dunder methods based on the fields defined in the class."""
        if cls is None:
            return lambda c: dataclass(c, **kwargs)
        if isinstance(cls, type):
            _check_fields(cls)
        return checked(cls, **kwargs)

    def asdict(obj, *, dict_factory=dict):
        """Return the fields of a dataclass instance as a new dictionary mapping field names to field values."""
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            raise TypeError("asdict() should be called on dataclass instances")
        return _convert(obj, dict_factory)

    def astuple(obj, *, tuple_factory=tuple):
        """Return the fields of a dataclass instance as a new tuple of field values."""
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            raise TypeError("astuple() should be called on dataclass instances")
        return _convert(obj, None, tuple_factory)

    def _convert(obj, dict_factory, tuple_factory=tuple):
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            values = [(f.name, _convert(getattr(obj, f.name), dict_factory, tuple_factory))
                      for f in dataclasses.fields(obj)]
            return dict_factory(values) if dict_factory is not None else tuple_factory(v for _, v in values)
        if isinstance(obj, tuple) and hasattr(obj, "_fields"):
            return type(obj)(*[_convert(v, dict_factory, tuple_factory) for v in obj])
        if isinstance(obj, (list, tuple)):
            return type(obj)(_convert(v, dict_factory, tuple_factory) for v in obj)
        if isinstance(obj, dict):
            return type(obj)((_convert(k, dict_factory, tuple_factory), _convert(v, dict_factory, tuple_factory))
                             for k, v in obj.items())
        return deepcopy(obj)

    for fn in (dataclass, asdict, astuple):
        fn.__module__ = "dataclasses"
    register_type(dataclasses.Field, ("name", "type", "default", "default_factory", "init", "repr", "hash",
                                      "compare", "metadata", "kw_only"))
    members = {n: getattr(dataclasses, n) for n in ("field", "fields", "replace", "is_dataclass",
                                                    "FrozenInstanceError", "InitVar", "KW_ONLY", "MISSING")}
    members.update(dataclass=dataclass, asdict=asdict, astuple=astuple)
    return module_of("dataclasses", members)


def enum_module():
    import enum

    from ..sandbox import MODULE_BASES

    register_type(enum.Enum, ("name", "value"))
    register_class(enum.Enum, lambda cls: list(cls.__members__))
    names = ("Enum", "IntEnum", "Flag", "IntFlag", "StrEnum", "auto", "unique")
    for base in ("Enum", "IntEnum", "Flag", "IntFlag", "StrEnum"):
        if hasattr(enum, base):
            MODULE_BASES[getattr(enum, base)] = type(enum.Enum)  # class Color(Enum): ... (EnumType)
    return module_of("enum", {n: getattr(enum, n) for n in names if hasattr(enum, n)})
