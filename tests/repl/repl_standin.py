"""A small stand-in for the interpreter's Session, UserError and sandbox
(docs/interpreter-api.md), used only while gradcalc.interpreter is not there yet.

It runs each statement with Python itself over gradcalc.engine, which is enough to
exercise the REPL's plumbing; the real interpreter replaces it as soon as it lands.
"""

from __future__ import annotations

import builtins
import inspect
import types

import gradcalc.engine as torch
from gradcalc.parser import ParseError, ast, parse

BUILTINS = ("print range len abs min max sum float int bool str round list tuple zip enumerate "
            "isinstance").split()


class UserError(Exception):
    def __init__(self, kind="RuntimeError", message="", filename=None, line=None, column=None,
                 end_column=None, source_line=None, frames=()):
        super().__init__(message)
        self.kind, self.message = kind, message
        self.filename, self.line, self.column = filename, line, column
        self.end_column, self.source_line, self.frames = end_column, source_line, list(frames)

    def render(self):
        lines = []
        if self.line is not None:
            lines.append(f'  File "{self.filename or "<input>"}", line {self.line}')
        if self.source_line:
            lines.append("    " + self.source_line.strip())
            if self.column:
                indent = len(self.source_line) - len(self.source_line.lstrip())
                lines.append("    " + " " * (self.column - 1 - indent) + "^")
        lines.append(f"{self.kind}: {self.message}" if self.message else self.kind)
        return "\n".join(lines)


class Session:
    def __init__(self, out=None, display=None, magic=None, max_elements=None, max_depth=None, timeout=None):
        self.out = out or (lambda text: None)
        self.display = display
        self.magic = magic
        self.namespace = {}

    def _globals(self):
        g = dict(global_names())
        g["__builtins__"] = {name: getattr(builtins, name) for name in BUILTINS}
        g["__builtins__"]["__import__"] = _import_torch
        g["print"] = lambda *a, sep=" ", end="\n": self.out(sep.join(str(x) for x in a) + end)
        g.update(self.namespace)
        return g

    def run(self, source, filename="<input>"):
        try:
            module = parse(source, filename=filename)
        except ParseError as err:
            raise UserError(err.kind, err.message, filename, err.line, err.column, None, err.source_line)
        lines = source.split("\n")
        for stmt in module.body:
            self._run_statement(stmt, lines, filename)

    def _run_statement(self, stmt, lines, filename):
        if isinstance(stmt, ast.Magic):
            if self.magic is None:
                raise UserError("UsageError", f"%{stmt.name}: magics are not available here")
            before = dict(self.namespace)
            try:
                self.magic(self, stmt.name, stmt.args, stmt)
            except BaseException as exc:
                self.namespace.clear()
                self.namespace.update(before)
                if isinstance(getattr(exc, "kind", None), str) and hasattr(exc, "message"):
                    raise UserError(exc.kind, exc.message, filename, stmt.line, stmt.column, None,
                                    lines[stmt.line - 1]) from None
                raise
            return
        text = "\n".join(lines[stmt.line - 1:stmt.end_line])
        import textwrap

        text = textwrap.dedent(text)
        g = self._globals()
        before = dict(self.namespace)
        try:
            try:
                code = compile(text, filename, "eval")
            except SyntaxError:
                exec(compile(text, filename, "exec"), g)
                value = None
            else:
                value = eval(code, g)
        except KeyboardInterrupt:
            self.namespace.clear()
            self.namespace.update(before)
            raise UserError("KeyboardInterrupt", "")
        except Exception as exc:
            self.namespace.clear()
            self.namespace.update(before)
            raise UserError(type(exc).__name__, str(exc), filename, stmt.line, stmt.column, None,
                            lines[stmt.line - 1]) from exc
        base = global_names()
        for name, val in g.items():
            if name.startswith("__") or (name in base and base[name] is val) or name == "print":
                continue
            self.namespace[name] = val
        if value is not None and self.display is not None:
            self.display(value)

    def eval(self, source, filename="<input>"):
        return eval(source, self._globals())

    def set(self, name, value):
        self.namespace[name] = value

    def reset(self):
        self.namespace.clear()

    def interrupt(self):
        pass


def _import_torch(name, globals=None, locals=None, fromlist=(), level=0):
    if name.split(".")[0] != "torch":
        raise ImportError(f"No module named {name!r}")
    return torch


# --- the sandbox
def global_names():
    names = {"torch": torch}
    names.update({name: getattr(torch, name) for name in dir(torch) if not name.startswith("_")
                  and not isinstance(getattr(torch, name), types.ModuleType)})
    names.update({name: getattr(builtins, name) for name in BUILTINS})
    return names


def members(obj):
    return sorted(n for n in dir(obj) if not n.startswith("_") and n != "numpy_unsafe")


def describe(obj):
    if isinstance(obj, str):
        return obj, ""
    try:
        sig = str(inspect.signature(obj))
    except (TypeError, ValueError):
        sig = ""
    doc = (inspect.getdoc(obj) or "").split("\n")[0]
    name = getattr(obj, "__name__", type(obj).__name__)
    return (name + sig if sig else name), doc


def modules():
    return {"torch": torch, "torch.nn.functional": torch.nn.functional, "torch.autograd": torch.autograd}


sandbox = types.SimpleNamespace(global_names=global_names, members=members, describe=describe, modules=modules)
