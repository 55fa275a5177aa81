"""%help: what the language offers, grouped; %help NAME: one name's signature and description.

The groups below only arrange names; what is listed is filtered through the
sandbox (a name the language cannot reach is never shown), and every signature and
description comes from ``sandbox.describe`` — the same registry completion uses.
"""

from __future__ import annotations

import difflib
import shutil
import textwrap

from gradcalc.cli.repl_names import Names, variable_summary

# (group, where the names live, names). "torch": torch's namespace; "tensor": the
# attributes of a tensor ("torch|tensor": either); "builtins": the language's global builtins.
GROUPS = (
    ("creation", "torch",
     "tensor ones zeros full empty arange linspace logspace eye rand randn randint randperm ones_like "
     "zeros_like full_like rand_like randn_like manual_seed"),
    ("math", "torch|tensor",
     "add sub mul div pow neg abs sign exp exp2 expm1 log log2 log10 log1p sqrt rsqrt reciprocal sin cos tan "
     "tanh sigmoid relu floor ceil round trunc clamp minimum maximum where softmax log_softmax"),
    ("reductions", "torch|tensor", "sum mean prod max min amax amin argmax argmin norm std var logsumexp cumsum"),
    ("linear algebra", "torch|tensor", "matmul mm mv dot bmm outer einsum"),
    ("shape", "torch|tensor",
     "reshape view flatten squeeze unsqueeze transpose t permute expand cat stack split chunk"),
    ("tensor", "tensor",
     "shape size dim ndim dtype numel item tolist numpy clone float double long to zero_ add_ mul_ T"),
    ("autograd", "tensor", "requires_grad grad grad_fn is_leaf backward detach detach_ requires_grad_ "
                           "retain_grad register_hook"),
    ("autograd (torch)", "torch", "no_grad enable_grad set_grad_enabled is_grad_enabled"),
    ("torch.autograd", "torch.autograd", "grad backward gradcheck gradgradcheck Function functional"),
    ("torch.autograd.functional", "torch.autograd.functional", "jacobian hessian vjp jvp"),
    ("nn.functional (F)", "torch.nn.functional",
     "relu sigmoid tanh softmax log_softmax mse_loss cross_entropy binary_cross_entropy l1_loss"),
    ("builtins", "builtins",
     "print range len abs min max sum float int bool str round list tuple zip enumerate isinstance"),
)


def _width() -> int:
    return max(40, min(shutil.get_terminal_size((100, 24)).columns, 120))


class Catalogue:
    """The language's names as the sandbox sees them, for %help."""

    def __init__(self, session, sandbox=None):
        self.names = Names(session, sandbox)
        self._tensor = None

    def sample_tensor(self):
        if self._tensor is None:
            import gradcalc.engine as torch

            self._tensor = torch.zeros(1)
        return self._tensor

    def owner(self, where: str):
        if where == "tensor":
            return self.sample_tensor()
        if where == "builtins":
            return None
        return self._module(where)

    def _module(self, dotted: str):
        try:
            modules = self.names.sandbox.modules()
        except Exception:
            modules = {}
        if dotted in modules:
            return modules[dotted]
        head, _, rest = dotted.partition(".")
        obj = modules.get(head) or self.names.global_names.get(head)
        for attr in rest.split(".") if rest else ():
            if obj is None or attr not in self.names.members(obj):
                return None
            obj = getattr(obj, attr)
        return obj

    def available(self, where: str, names):
        if "|" in where:
            found = set()
            for part in where.split("|"):
                found.update(self.available(part, names))
            return [name for name in names.split() if name in found]
        owner = self.owner(where)
        if where == "builtins":
            reachable = set(self.names.global_names)
        elif owner is None:
            return []
        else:
            try:
                reachable = set(self.names.members(owner))
            except Exception:
                return []
        return [name for name in names.split() if name in reachable]

    def find(self, name: str):
        """(label, object, owner, attribute) for NAME as the user may write it, or None.

        ``x.grad`` / ``torch.sum`` / ``Tensor.backward``: the attribute of its owner
        (described from what the class declares, so a property is not computed);
        ``sum`` / ``x``: a name of the session or the language; a bare attribute name
        (``backward``, ``relu``): the first of Tensor, torch, F, torch.autograd that has it.
        """
        name = name.strip()
        owner_name, _, attr = name.rpartition(".")
        if owner_name:
            # Tensor.X: what a tensor has (the class itself lists only its methods)
            if owner_name in ("Tensor", "torch.Tensor"):
                owner = self.sample_tensor()
            else:
                owner = self.names.resolve(owner_name)
            if owner is not None and attr in _safe_members(self.names, owner):
                label = f"Tensor.{attr}" if owner is self._tensor else name
                return label, _attribute(owner, attr), owner, attr
            return None
        obj, found = self.names.lookup(name)
        if found:
            return name, obj, None, None
        tensor = self.sample_tensor()
        if name in _safe_members(self.names, tensor):
            return f"Tensor.{name}", _attribute(tensor, name), tensor, name
        for prefix in ("torch.nn.functional.", "torch.autograd.", "torch.autograd.functional."):
            obj = self.names.resolve(prefix + name)
            if obj is not None:
                return prefix + name, obj, None, None
        return None

    def every_name(self):
        names = set(self.names.global_names) | set(self.names.namespace)
        for where in ("torch", "torch.nn.functional", "torch.autograd", "tensor"):
            owner = self.owner(where)
            if owner is not None:
                names |= set(_safe_members(self.names, owner))
        return sorted(n for n in names if not n.startswith("_"))


def _attribute(owner, attr):
    import warnings

    with warnings.catch_warnings():  # reading .grad of a non-leaf warns, as in torch
        warnings.simplefilter("ignore")
        try:
            return getattr(owner, attr)
        except Exception:
            return None


def _safe_members(names: Names, obj):
    try:
        return names.members(obj)
    except Exception:
        return []


def overview(ctx) -> None:
    from gradcalc.cli.magics import MAGICS, USAGE

    catalogue = Catalogue(ctx.session)
    width = _width()
    label_width = max(len(group) for group, _, _ in GROUPS) + 2
    lines = ["gradcalc speaks PyTorch: import torch, then torch.NAME (or the bare NAME).",
             "%help NAME describes one name; %help modules lists what import reaches (numpy, math, ...);",
             "Tab completes names.", ""]
    sections = [(group, catalogue.available(where, names)) for group, where, names in GROUPS]
    sections.append(("magics", ["%" + name for name in MAGICS]))
    for group, names in sections:
        if not names:
            continue
        body = textwrap.wrap(" ".join(names), width=width - label_width, break_on_hyphens=False) or [""]
        lines.append(group.ljust(label_width) + body[0])
        lines.extend(" " * label_width + rest for rest in body[1:])
    lines.append("")
    lines.extend(f"  {USAGE[name]:<34} {summary}" for name, (_, summary) in MAGICS.items())
    _show(ctx, lines, label_width)


def _show(ctx, lines, label_width: int) -> None:
    if not ctx.output.color:
        ctx.output.write("\n".join(lines) + "\n")
        return
    from rich.text import Text

    text = Text(end="")
    for i, line in enumerate(lines):
        head, tail = line[:label_width], line[label_width:]
        if head.strip() and not head.startswith(" "):
            text.append(head, "bold")
            text.append(tail)
        else:
            text.append(line)
        if i < len(lines) - 1:
            text.append("\n")
    ctx.output.print(text)


def describe_one(ctx, name: str) -> None:
    from gradcalc.cli.magics import MAGICS, USAGE

    magic = name[1:] if name.startswith("%") else name
    catalogue = Catalogue(ctx.session)
    found = None if name.startswith("%") else catalogue.find(name)
    if found is None and magic in MAGICS:
        ctx.output.write(f"{USAGE[magic]}\n    {MAGICS[magic][1]}\n")
        return
    if found is None:
        owner_name = name.rpartition(".")[0]
        owner = catalogue.names.resolve(owner_name) if owner_name else None
        if owner is not None:  # torch.rands: the near misses among torch's names
            candidates = [f"{owner_name}.{m}" for m in _safe_members(catalogue.names, owner)]
        else:
            candidates = catalogue.every_name() + ["%" + m for m in MAGICS]
        close = difflib.get_close_matches(name if owner is not None else name.rsplit(".", 1)[-1], candidates, n=1)
        hint = f". Did you mean: '{close[0]}'?" if close else ""
        raise ctx.error("NameError", f"%help: no name {name!r} in the language{hint}")
    label, obj, owner, attr = found
    names = catalogue.names
    if owner is not None:
        signature, description = names.describe_member_parts(owner, attr)
        if signature == attr:  # an attribute, not a method: say whose
            signature = label
    elif name in names.namespace and _is_data(obj):
        signature, description = name, f"a variable: {variable_summary(obj)}"
    else:
        signature, description = names.describe_parts(obj)
    if obj is not None and not callable(obj) and type(obj).__name__ != "module" \
            and not (signature or "").startswith(label):
        signature = f"{label}: {signature}" if signature else label  # a value (torch.float32): name it
    lines = [signature or label]
    if description:
        description = description.replace("``", "")  # the docstrings' reST quoting
        lines.extend("    " + line for line in textwrap.wrap(description, width=_width() - 4) or [""])
    ctx.output.write("\n".join(lines) + "\n")


def _is_data(value) -> bool:
    """A value the user made (a tensor, a number, a list), not something to call or import."""
    return not callable(value) and type(value).__name__ != "module"


def run(ctx, args: str) -> None:
    name = args.strip()
    if not name:
        overview(ctx)
    elif name == "modules":
        from gradcalc.interpreter.modules.catalogue import lines

        ctx.output.write("\n".join(lines(_width())) + "\n")
    elif len(name.split()) > 1:
        raise ctx.error("UsageError", "usage: %help [NAME]")
    else:
        describe_one(ctx, name)
