"""Pytrees as torch.func sees them: tuples, lists, dicts (and namedtuples) of leaves.

``tree_flatten(obj)`` gives the leaves in torch's order (dicts in insertion order)
and a spec that ``tree_unflatten`` rebuilds the same structure from. Iterative, so
a deep structure costs no Python stack.
"""

from ..tensor import Tensor

__all__ = ["tree_flatten", "tree_unflatten", "tree_map", "spec_repr", "LEAF"]

LEAF = None  # the spec of a leaf


class Spec:
    """The structure of a pytree node: its kind, its keys (dicts) and its children's specs."""

    __slots__ = ("kind", "keys", "children", "cls")

    def __init__(self, kind, keys, children, cls=None):
        self.kind = kind          # "tuple", "list", "dict", "namedtuple"
        self.keys = keys          # dict keys, in order (None for sequences)
        self.children = children  # list of child specs (LEAF for a leaf)
        self.cls = cls            # the namedtuple class

    def __eq__(self, other):
        return (isinstance(other, Spec) and self.kind == other.kind and self.keys == other.keys
                and self.cls is other.cls and self.children == other.children)

    def __hash__(self):
        return hash((self.kind, len(self.children)))


def _kind(obj):
    if isinstance(obj, Tensor):
        return None  # (tensors: the common leaf, answered first)
    t = type(obj)
    if t is tuple:
        return "tuple"
    if t is list:
        return "list"
    if t is dict:
        return "dict"
    if isinstance(obj, tuple) and hasattr(t, "_fields"):
        return "namedtuple"
    return None


def tree_flatten(obj):
    """(leaves, spec) of ``obj``."""
    if type(obj) is tuple:  # the common case, arguments: a flat tuple of leaves
        for v in obj:
            if _kind(v) is not None:
                break
        else:
            return list(obj), Spec("tuple", None, [LEAF] * len(obj))
    elif _kind(obj) is None:
        return [obj], LEAF
    leaves = []
    root = [None]
    # (value, the list its spec goes into, index)
    stack = [(obj, root, 0)]
    while stack:
        value, into, i = stack.pop()
        kind = _kind(value)
        if kind is None:
            leaves.append(value)
            into[i] = LEAF
            continue
        if kind == "dict":
            keys = list(value)
            items = [value[k] for k in keys]
        else:
            keys = None
            items = list(value)
        children = [None] * len(items)
        into[i] = Spec(kind, keys, children, type(value) if kind == "namedtuple" else None)
        for j in range(len(items) - 1, -1, -1):
            stack.append((items[j], children, j))
    return leaves, root[0]


def tree_unflatten(leaves, spec):
    """The structure ``spec`` describes, with ``leaves`` in order."""
    if spec is LEAF:
        return leaves[0]
    if spec.kind == "tuple" and all(c is LEAF for c in spec.children):
        return tuple(leaves)
    it = iter(leaves)
    # post-order build with an explicit stack: (spec, built children)
    stack = [(spec, [])]
    while True:
        node, built = stack[-1]
        if len(built) < len(node.children):
            child = node.children[len(built)]
            if child is LEAF:
                built.append(next(it))
            else:
                stack.append((child, []))
            continue
        stack.pop()
        if node.kind == "tuple":
            value = tuple(built)
        elif node.kind == "list":
            value = built
        elif node.kind == "dict":
            value = dict(zip(node.keys, built))
        else:
            value = node.cls(*built)
        if not stack:
            return value
        stack[-1][1].append(value)


def tree_map(fn, obj):
    leaves, spec = tree_flatten(obj)
    return tree_unflatten([fn(leaf) for leaf in leaves], spec)


def spec_repr(spec):
    """torch's ``treespec_pprint``: ``*`` for a leaf, ``(*, *)``, ``[*]``, ``{'a': *}``."""
    if spec is LEAF:
        return "*"
    parts = [spec_repr(c) for c in spec.children]
    if spec.kind == "dict":
        return "{" + ", ".join(f"{k!r}: {p}" for k, p in zip(spec.keys, parts)) + "}"
    if spec.kind == "list":
        return "[" + ", ".join(parts) + "]"
    if len(parts) == 1:
        return "(" + parts[0] + ",)"
    return "(" + ", ".join(parts) + ")"
