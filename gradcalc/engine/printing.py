"""The engine's text layer: what ``repr``/``print`` show, character for character as torch 2.x.

Public API (the engine's Tensor, Node and return types call these):

* ``tensor_repr(t)`` -- ``tensor([[1., 2.]], grad_fn=<MulBackward0>)``; ``t`` needs
  ``_data`` (ndarray, 0-d for scalars), ``dtype`` (with ``.name``), ``grad_fn``
  (None or a node with ``.name()``) and ``requires_grad``.
* ``node_repr(node)`` -- ``<MulBackward0 object at 0x7f...>``.
* ``return_types_repr(name, fields)`` -- ``torch.return_types.max(\\nvalues=...,\\nindices=...)``.
* ``tensor_format(t, spec)`` -- ``format(t, spec)`` / f-strings, for ``Tensor.__format__``.
* ``set_printoptions`` / ``get_printoptions`` / ``printoptions`` with torch's semantics.

The numbers are in printing_numbers.py, the brackets and summarisation in
printing_layout.py, the options in printing_options.py.
"""

from .printing_layout import array_body
from .printing_options import OPTS, get_printoptions, printoptions, set_printoptions

from .dtypes import default_complex_dtype, get_default_dtype

__all__ = [
    "tensor_repr", "tensor_format", "node_repr", "return_types_repr",
    "set_printoptions", "get_printoptions", "printoptions",
]

# Dtypes torch never names in a non-empty tensor's repr, besides the default float dtype:
# their values already say what they are (no "." for integers, True/False for bools).
_SELF_EVIDENT = frozenset(("int64", "bool"))


def tensor_repr(t, *, prefix="tensor("):
    """``repr(t)`` as torch prints it."""
    a = t._data
    dtype_name = t.dtype.name
    indent = len(prefix)
    suffixes = []
    default_name = get_default_dtype().name
    if a.size == 0:
        # Like numpy, torch spells out any empty shape but (0,), and always names a
        # non-default dtype: there is no element to tell an int from a float.
        if a.ndim != 1:
            suffixes.append("size=" + str(tuple(a.shape)))
        if dtype_name != default_name:
            suffixes.append("dtype=torch." + dtype_name)
        body = "[]"
    else:
        if not OPTS.edgeitems:
            suffixes.append("size=" + str(tuple(a.shape)))
        if a.dtype.kind == "c" and dtype_name == default_complex_dtype().name:
            default_name = dtype_name  # torch names neither the default float nor its complex dtype
        if dtype_name != default_name and dtype_name not in _SELF_EVIDENT:
            suffixes.append("dtype=torch." + dtype_name)
        body = array_body(a, indent)
    grad_fn = t.grad_fn
    if grad_fn is not None:
        suffixes.append("grad_fn=<" + type(grad_fn).__name__ + ">")  # torch prints the class name
    elif t.requires_grad:
        suffixes.append("requires_grad=True")
    fw = getattr(t, "_fw", None)
    if fw is not None:  # a dual tensor (forward AD): torch formats its tangent, a 0-d one as a number
        suffixes.append("tangent=" + tensor_format(fw, ""))
    return _add_suffixes(prefix + body, suffixes, indent)


def tensor_format(t, format_spec):
    """``format(t, spec)`` as torch does it (``Tensor.__format__``).

    A 0-d tensor formats as its Python number (``f"{torch.tensor(2.5)}"`` is
    ``2.5``, and ``:.2f`` works); any other tensor formats as its repr, and like
    ``object.__format__`` refuses a non-empty spec.
    """
    a = t._data
    if a.ndim == 0:
        return format(a.item(), format_spec)  # a complex one as Python's complex: (1+2j)
    if format_spec:
        raise TypeError("unsupported format string passed to Tensor.__format__")
    return tensor_repr(t)


def _add_suffixes(text, suffixes, indent):
    """Append ``, suffix`` items, each moved to a new line when it would pass linewidth.

    The arithmetic is torch's own, off-by-two included: the running line length
    starts at the last line's length + 2, and after a line break it is the indent
    + the suffix (without the 2).
    """
    if not suffixes:
        return text + ")"
    linewidth = OPTS.linewidth
    line_len = len(text) - text.rfind("\n") + 1
    out = [text]
    for suffix in suffixes:
        if line_len + len(suffix) + 2 > linewidth:
            out.append(",\n" + " " * indent + suffix)
            line_len = indent + len(suffix)
        else:
            out.append(", " + suffix)
            line_len += len(suffix) + 2
    out.append(")")
    return "".join(out)


def node_repr(node, *, module=None):
    """``<MulBackward0 object at 0x7f...>``: Python's default object repr with torch's name.

    torch's built-in nodes show the bare name; the nodes of a custom
    ``autograd.Function`` are Python classes and show their module
    (``<torch.autograd.function.MyFnBackward object at 0x...>``): pass ``module`` for those.
    """
    name = type(node).__name__
    if module is not None:
        name = module + "." + name
    return "<%s object at %s>" % (name, hex(id(node)))


def return_types_repr(name, fields):
    """The repr of a torch.return_types named tuple, e.g. ``x.max(dim=0)``.

    ``name`` is ``"max"`` or the full ``"torch.return_types.max"``; ``fields`` are
    (field name, value) pairs. torch puts each field on a line of its own with no
    extra indentation, and shows each value by its plain repr (a tuple of tensors
    is Python's tuple repr of their reprs).
    """
    if "." not in name:
        name = "torch.return_types." + name
    return name + "(\n" + ",\n".join("%s=%r" % (field, value) for field, value in fields) + ")"
