"""Looking names up the way the language would, without running anything.

Shared by tab completion and ``%help``: a dotted name (``torch.autograd.grad``,
``x.grad``, ``F.relu``) is resolved step by step through the session's variables,
``sandbox.global_names()`` and ``sandbox.members(obj)`` — so only what the sandbox
lets the language reach is ever found — and described with ``sandbox.describe``.
No prompt_toolkit or Rich here: ``%help`` runs in scripts too.
"""

from __future__ import annotations

import warnings

import inspect

_META_WIDTH = 60

# What a tensor attribute is, for those that are values rather than methods (the
# engine's properties mostly carry no docstring, and the value says nothing).
ATTRIBUTE_NOTES = {
    "requires_grad": "whether autograd records operations on this tensor",
    "grad": "the gradient that backward() accumulated here (None until then)",
    "grad_fn": "the graph node that made this tensor (None for a leaf)",
    "is_leaf": "True unless an op that autograd recorded made this tensor",
    "retains_grad": "whether this non-leaf keeps its .grad (see retain_grad())",
    "data": "the same values, detached from the graph",
    "shape": "the size of each dimension (a torch.Size)",
    "dtype": "the type of the elements (torch.float32 ...)",
    "ndim": "the number of dimensions",
    "T": "the tensor with its dimensions reversed",
    "mT": "the last two dimensions swapped",
    "H": "the conjugate transpose (the transpose, for real tensors)",
    "mH": "the last two dimensions swapped, conjugated",
    "device": "where the tensor's data lives (the CPU)",
    "is_cuda": "False: gradcalc computes on the CPU",
    "itemsize": "bytes per element",
    "nbytes": "bytes of all elements",
    "real": "the real part",
    "imag": "the imaginary part",
    "layout": "the memory layout (torch.strided)",
    "output_nr": "which output of its grad_fn this tensor is",
}


def shorten(text: str, width: int = _META_WIDTH) -> str:
    """One line of at most ``width`` characters."""
    text = " ".join(str(text).replace("``", "").split())
    return text if len(text) <= width else text[: width - 1] + "…"


class Names:
    """Name lookup for one session (anything with a ``namespace`` dict)."""

    def __init__(self, session, sandbox=None):
        self.session = session
        self._sandbox = sandbox
        self._globals = None

    # --- the sandbox, loaded on first use (start-up matters)
    @property
    def sandbox(self):
        if self._sandbox is None:
            from gradcalc.interpreter import sandbox

            self._sandbox = sandbox
        return self._sandbox

    @property
    def global_names(self) -> dict:
        if self._globals is None:
            self._globals = dict(self.sandbox.global_names())
        return self._globals

    @property
    def namespace(self) -> dict:
        return getattr(self.session, "namespace", None) or {}

    def members(self, obj):
        return self.sandbox.members(obj)

    # --- lookup
    def lookup(self, name: str):
        """(value, found) of a plain name: the user's variables first, then the language's."""
        if name in self.namespace:
            return self.namespace[name], True
        if name in self.global_names:
            return self.global_names[name], True
        return None, False

    def resolve(self, dotted: str):
        """The object a dotted name refers to, or None; each step must be a sandbox member."""
        first, *rest = dotted.split(".")
        obj, found = self.lookup(first)
        if not found:
            return None
        for attr in rest:
            try:
                if attr not in self.members(obj):
                    return None
                with warnings.catch_warnings():  # e.g. .grad of a non-leaf: completion must stay silent
                    warnings.simplefilter("ignore")
                    obj = getattr(obj, attr)
            except Exception:  # a property that raises, an odd object: nothing found
                return None
        return obj

    # --- descriptions
    def describe_parts(self, obj) -> tuple[str, str]:
        """(signature, description) from the sandbox; ('', '') when it has none."""
        try:
            signature, description = self.sandbox.describe(obj)
        except Exception:
            return "", ""
        return signature or "", description or ""

    def describe(self, obj) -> str:
        """One short line: signature — description."""
        return shorten(" — ".join(part for part in self.describe_parts(obj) if part))

    def describe_member_parts(self, owner, name: str) -> tuple[str, str]:
        """(signature, description) of ``owner.name`` without computing a property's value."""
        try:
            static = inspect.getattr_static(owner, name)
        except AttributeError:  # e.g. a sandbox module: its members come from __getattr__
            static = None
        if static is not None and (isinstance(static, property) or not callable(static)):
            doc = (getattr(static, "__doc__", None) or "").strip() if isinstance(static, property) else ""
            note = ATTRIBUTE_NOTES.get(name) or (doc.splitlines()[0] if doc else "")
            return name, note or "attribute"
        for candidate in (static, None):
            if candidate is None:
                try:
                    candidate = getattr(owner, name)
                except Exception:
                    return name, ""
            parts = self.describe_parts(candidate)
            if any(parts):
                return parts
        return name, ""

    def describe_member(self, owner, name: str) -> str:
        """One short line for a completion of ``owner.name``."""
        signature, description = self.describe_member_parts(owner, name)
        if signature == name and description:
            return shorten(description)
        return shorten(" — ".join(part for part in (signature, description) if part))

    def parameters(self, func):
        """[(name, default_text)] of the parameters of ``func`` that can be passed by keyword.

        The sandbox's signature text first (the same registry as %help), else Python's.
        """
        text = self.describe_parts(func)[0]
        params = parse_signature(text) if "(" in text else None
        if params is None:
            try:
                sig = inspect.signature(func)
            except (TypeError, ValueError):
                return []
            params = [(p.name, "" if p.default is p.empty else repr(p.default))
                      for p in sig.parameters.values()
                      if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        return [(name, default) for name, default in params if name not in ("self", "ctx")]


def parse_signature(text: str):
    """Parameters from ``name(a, b=1, *, c=None) -> T``; None if it does not look like one.

    Positional-only parameters (before ``/``) and ``*args``/``**kw`` are left out.
    """
    start = text.find("(")
    depth, end = 0, None
    for i in range(start, len(text)):
        if text[i] in "([{":
            depth += 1
        elif text[i] in ")]}":
            depth -= 1
            if depth == 0:
                end = i
                break
    if end is None:
        return None
    params, depth, current = [], 0, ""
    for ch in text[start + 1:end] + ",":
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            part = current.strip()
            current = ""
            if part == "/":
                params.clear()  # everything so far was positional-only
                continue
            if not part or part.startswith("*"):
                continue
            name, _, default = part.partition("=")
            name = name.split(":")[0].strip()
            if name.isidentifier():
                params.append((name, default.strip()))
            continue
        current += ch
    return params


def variable_summary(value) -> str:
    """What a session variable is, in a few words (``tensor (2, 2) float32 requires_grad``)."""
    shape = getattr(value, "shape", None)
    dtype = getattr(value, "dtype", None)
    if shape is not None and dtype is not None and hasattr(value, "requires_grad"):
        parts = ["tensor", str(tuple(shape)), str(dtype).replace("torch.", "")]
        if value.requires_grad:
            parts.append("requires_grad")
        return " ".join(parts)
    kind = type(value).__name__
    if isinstance(value, (int, float, bool, str)):
        return shorten(f"{kind} {value!r}", 40)
    if isinstance(value, (list, tuple)):
        return f"{kind} of {len(value)}"
    return kind
