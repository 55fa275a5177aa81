"""Modules in the CLI's graphs: which module made a node, and what a module is called.

The engine records nothing of this unless asked: ``install()`` (at a session's start)
puts the module-call recorder in place (engine/nn/provenance.py). It stays cheap when
no network is ever built: nn's layers are imported on first use (engine/nn/__init__.py),
and the recorder does nothing until a module is called.
"""

from __future__ import annotations

_recorder = None


def install():
    """Record which module made each graph node from now on (idempotent)."""
    global _recorder
    if _recorder is None:
        import sys

        import gradcalc.engine.nn as nn
        from gradcalc.engine.nn.provenance import ModuleProvenance

        _recorder = ModuleProvenance()
        module = sys.modules.get("gradcalc.engine.nn.module")
        if module is not None:
            module.set_call_observer(_recorder)
        else:  # nn.module is imported when a network is first built; it takes the recorder then
            nn._pending_call_observer = _recorder


def uninstall():
    """Stop recording (tests)."""
    global _recorder
    if _recorder is not None:
        import sys

        import gradcalc.engine.nn as nn

        nn._pending_call_observer = None
        module = sys.modules.get("gradcalc.engine.nn.module")
        if module is not None:
            module.set_call_observer(None)
        _recorder = None


def owners(root_node) -> dict:
    """``{node: (module or None, class name)}`` for the nodes behind ``root_node`` a recorded module call made."""
    if _recorder is None or root_node is None:
        return {}
    return _recorder.modules_of(root_node)


def is_module(value) -> bool:
    from gradcalc.engine.nn import Module

    return isinstance(value, Module)


def named_parameters(module):
    try:
        return list(module.named_parameters())
    except Exception:  # a user's module half built (its __init__ failed): name nothing
        return []


def paths(roots) -> dict:
    """``id(module) -> "net.fc1"`` for every module under the variables ``roots`` hold."""
    out = {}
    for name, root in roots:
        try:
            named = list(root.named_modules())
        except Exception:
            continue
        for path, m in named:
            out.setdefault(id(m), f"{name}.{path}" if path else name)
    return out


def summary(module) -> str:
    """``Net: 2 layers, 21 parameters (21 trainable)``: the line the REPL adds under a module.

    Layers are the modules without sub-modules (a layer echoed alone is one); parameters
    are counted once however often they are shared, as ``sum(p.numel() for p in
    net.parameters())`` counts them.
    """
    from gradcalc.engine.nn import UninitializedParameter

    try:
        layers = sum(1 for m in module.modules() if next(m.children(), None) is None)
        params = list(module.parameters())
    except Exception:  # a half-built module: no summary rather than an error
        return ""
    name = type(module).__name__
    head = f"{name}: {layers:,} layer{'' if layers == 1 else 's'}, "
    if any(isinstance(p, UninitializedParameter) for p in params):
        return head + "parameters not initialized yet (a lazy layer takes its sizes from its first input)"
    total = sum(p.numel() for p in params)
    trainable = sum(p.numel() for p in params if p.requires_grad)
    return head + f"{total:,} parameter{'' if total == 1 else 's'} ({trainable:,} trainable)"
