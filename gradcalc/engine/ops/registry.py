"""The op table's name spaces: a name is bound once.

``ops/__init__.py`` fills ``FUNCTIONS`` (``torch.X``) and ``METHODS`` (``Tensor.X``) from
many modules (the rows, ``_export`` lists, the catalogue's ``EXPORTS``, ``register``
functions). Were a later module to bind a name an earlier one bound, one of the two
definitions would silently win, so binding a name to a different object is an error at
import. Replacing a definition on purpose (wrapping it in torch's argument checks) says
so with ``replace``; filling only the gaps (aliases, in-place variants) tests ``in`` first.
"""


class NameClash(RuntimeError):
    """Two modules bound one op name to different functions."""


class OpNames(dict):
    """A name → function table that refuses to rebind a name to another object."""

    __slots__ = ("what",)

    def __init__(self, what):
        super().__init__()
        self.what = what  # "torch" or "Tensor": how the error names the table

    def __setitem__(self, name, fn):
        old = self.get(name, fn)
        if old is not fn:
            raise NameClash(f"{self.what}.{name} is bound twice: to {_where(old)} and to {_where(fn)} "
                            f"(drop one, or use replace() where the second wraps the first on purpose)")
        dict.__setitem__(self, name, fn)

    def update(self, other=(), **kw):
        for name, fn in (other.items() if hasattr(other, "items") else other):
            self[name] = fn
        for name, fn in kw.items():
            self[name] = fn

    def setdefault(self, name, fn=None):
        raise TypeError("OpNames.setdefault would hide a clash: bind with [] or test 'in' first")

    def replace(self, name, fn):
        """Rebind ``name`` on purpose (``fn`` wraps what was there)."""
        if name not in self:
            raise KeyError(f"{self.what}.{name}: nothing to replace")
        dict.__setitem__(self, name, fn)


def _where(fn):
    return f"{getattr(fn, '__module__', None) or '?'}.{getattr(fn, '__qualname__', None) or type(fn).__name__}"
