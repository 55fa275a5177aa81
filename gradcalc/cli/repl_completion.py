"""Tab completion for the REPL, from the sandbox's own lists.

What is offered is exactly what the language can reach: names come from the
session's variables and ``sandbox.global_names()``, attributes after ``a.b.`` from
``sandbox.members(obj)`` (so nothing the sandbox refuses is ever suggested), and
the text beside each completion from ``sandbox.describe``. Inside a call to a known
function its keyword arguments are offered first (``sum(x, ke`` -> ``keepdim=``).
After ``%`` the magics are offered.

Only dotted names are ever looked up (``torch.autograd.``, ``x.grad.``); nothing the
user typed is evaluated, so completing never runs user code.
"""

from __future__ import annotations

import keyword
import re

from prompt_toolkit.completion import Completer, Completion

from .repl_names import Names, shorten, variable_summary

# The keywords of the language (SPEC.md §2): Python's, minus what it does not have.
KEYWORDS = sorted(
    {"False", "None", "True", "and", "as", "assert", "break", "continue", "def", "del", "elif", "else",
     "for", "if", "import", "in", "is", "lambda", "not", "or", "pass", "return", "while", "with"}
    & (set(keyword.kwlist) | {"False", "None", "True"})
)

_DOTTED_TAIL = re.compile(r"((?:[A-Za-z_]\w*\.)*)([A-Za-z_]\w*)?$")
_MAGIC_NAME = re.compile(r"^\s*%(\w*)$")
_MAGIC_WITH_CODE = re.compile(r"^\s*%(time)\s+")
_MAGIC_WITH_NAME = re.compile(r"^\s*%(help|graph|explain|save)\s+")


class SandboxCompleter(Completer):
    """Completions for ``session`` (anything with a ``namespace`` dict)."""

    def __init__(self, session, sandbox=None, magic_names=None):
        self.session = session
        self.names = Names(session, sandbox)
        self._magic_names = magic_names

    @property
    def magic_names(self):
        if self._magic_names is None:
            from gradcalc.cli.magics import MAGICS

            self._magic_names = {name: summary for name, (_, summary) in MAGICS.items()}
        return self._magic_names

    # --- prompt_toolkit's entry point
    def get_completions(self, document, complete_event):
        # A failing lookup must never take the prompt down: no completions instead.
        try:
            yield from self._completions(document)
        except Exception:
            return

    def _completions(self, document):
        line = document.current_line_before_cursor
        m = _MAGIC_NAME.match(line)
        if m:
            yield from self._magics(m.group(1))
            return
        if line.lstrip().startswith("%"):
            m = _MAGIC_WITH_CODE.match(line) or _MAGIC_WITH_NAME.match(line)
            if m is None:
                return
            code = line[m.end():]
        else:
            code = document.text_before_cursor
        if _in_string_or_comment(code):
            return
        yield from self.complete_code(code)

    def complete_code(self, code: str):
        m = _DOTTED_TAIL.search(code)
        chain, prefix = m.group(1), m.group(2) or ""
        before = code[: m.start()]
        if before.endswith(".") or (before[-1:].isdigit() and not chain):
            return  # "(x + 1).", "1.5": not a name we can resolve without running code
        if chain:
            owner = self.names.resolve(chain[:-1])
            if owner is not None:
                yield from self._members(owner, prefix)
            return
        yield from self._keyword_arguments(before, prefix)
        yield from self._names(prefix)

    # --- the kinds of completion
    def _magics(self, prefix: str):
        for name, summary in sorted(self.magic_names.items()):
            if name.startswith(prefix):
                yield Completion(name, -len(prefix), display="%" + name, display_meta=shorten(summary))

    def _members(self, owner, prefix: str):
        try:
            names = self.names.members(owner)
        except Exception:
            return
        for name in names:
            if name.startswith(prefix) and not name.startswith("_"):
                yield Completion(name, -len(prefix),
                                 display_meta=lambda o=owner, n=name: self.names.describe_member(o, n))

    def _names(self, prefix: str):
        seen = set()
        namespace = self.names.namespace
        for name in sorted(namespace):
            if name.startswith(prefix) and not name.startswith("_"):
                seen.add(name)
                value = namespace[name]
                yield Completion(name, -len(prefix), display_meta=lambda v=value: variable_summary(v))
        for name in sorted(self.names.global_names):
            if name.startswith(prefix) and name not in seen and not name.startswith("_"):
                seen.add(name)
                value = self.names.global_names[name]
                yield Completion(name, -len(prefix), display_meta=lambda v=value: self.names.describe(v))
        for name in KEYWORDS:
            if name.startswith(prefix) and name not in seen:
                yield Completion(name, -len(prefix), display_meta="keyword")

    def _keyword_arguments(self, before: str, prefix: str):
        call = open_call(before)
        if call is None:
            return
        callee_name, args_text = call
        if not _at_argument_start(args_text):
            return
        callee = self.names.resolve(callee_name)
        if callee is None or not callable(callee):
            return
        given = set(re.findall(r"(?:^|[(,])\s*([A-Za-z_]\w*)\s*=(?!=)", args_text))
        for name, default in self.names.parameters(callee):
            if name.startswith(prefix) and name not in given:
                function = callee_name.rsplit(".", 1)[-1]
                meta = f"{function}(…, {name}={default})" if default else f"{function}(…, {name}, …)"
                yield Completion(name + "=", -len(prefix), display=name + "=", display_meta=shorten(meta))


def open_call(text: str):
    """``(callee, text after its open paren)`` for the innermost unclosed ``(`` in ``text``
    when a dotted name stands right before it, else None."""
    quote = None
    stack = []
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            nl = text.find("\n", i)
            i = len(text) if nl < 0 else nl
            continue
        elif ch in "([{":
            stack.append((ch, i))
        elif ch in ")]}":
            if stack:
                stack.pop()
        i += 1
    if not stack or stack[-1][0] != "(":
        return None
    pos = stack[-1][1]
    m = re.search(r"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*$", text[:pos])
    if m is None or keyword.iskeyword(m.group(1).split(".")[0]):
        return None
    return m.group(1), text[pos + 1:]


def _at_argument_start(args_text: str) -> bool:
    """True when the cursor starts a new argument (only a partial name since ``(`` or ``,``)."""
    depth = 0
    last_sep = -1
    for i, ch in enumerate(args_text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            last_sep = i
    tail = args_text[last_sep + 1:]
    return re.fullmatch(r"\s*[A-Za-z_]?\w*", tail) is not None


def _in_string_or_comment(code: str) -> bool:
    """Whether the cursor (end of ``code``) is inside a string literal or a comment."""
    line = code.rsplit("\n", 1)[-1]
    quote = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\":
                i += 1
            elif line.startswith(quote, i):
                i += len(quote) - 1
                quote = None
        elif ch == "#":
            return True
        elif ch in "'\"":
            quote = ch * 3 if line.startswith(ch * 3, i) else ch
            i += len(quote) - 1
        i += 1
    return quote is not None
