"""Tab completion: names, members, keyword arguments, magics; never what the sandbox refuses."""

from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

import gradcalc.engine as torch
from gradcalc.cli.repl_completion import SandboxCompleter, open_call
from gradcalc.cli.repl_names import parse_signature
from repl_testutil import TAB, type_until


@pytest.fixture
def completer(interpreter_api):
    session = interpreter_api.Session()
    session.set("x", torch.ones(2, 2, requires_grad=True))
    session.set("xs", [1, 2])
    session.set("n", 3)
    return SandboxCompleter(session)


def complete(completer, text):
    return list(completer.get_completions(Document(text), CompleteEvent(completion_requested=True)))


def texts(completer, text):
    return [c.text for c in complete(completer, text)]


def test_tensor_attribute(completer):
    assert texts(completer, "x.requires_gr") == ["requires_grad", "requires_grad_"]
    assert "backward" in texts(completer, "x.back")
    assert "grad_fn" in texts(completer, "x.")


def test_members_come_from_the_sandbox_only(completer, interpreter_api):
    offered = set(texts(completer, "x."))
    assert offered == {n for n in interpreter_api.sandbox.members(completer.session.namespace["x"])
                       if not n.startswith("_")}
    assert not any(name.startswith("_") for name in offered)
    assert texts(completer, "x.__cl") == []
    assert texts(completer, "x._") == []


def test_module_members(completer):
    assert "randn" in texts(completer, "torch.ran")
    assert "grad" in texts(completer, "torch.autograd.gr")
    assert "relu" in texts(completer, "torch.nn.functional.re")


def test_variables_builtins_keywords(completer):
    offered = texts(completer, "x")
    assert offered[:2] == ["x", "xs"]
    assert "while" in texts(completer, "whi")
    assert "enumerate" in texts(completer, "enum")
    assert "zeros" in texts(completer, "zer")


def test_each_completion_has_a_description(completer):
    [variable] = [c for c in complete(completer, "x") if c.text == "x"]
    assert "tensor (2, 2) float32 requires_grad" in variable.display_meta_text
    [ones] = [c for c in complete(completer, "torch.ones") if c.text == "ones"]
    assert ones.display_meta_text
    [backward] = [c for c in complete(completer, "x.backw")]
    assert "gradient" in backward.display_meta_text


def test_keyword_arguments_of_a_known_function(completer):
    offered = texts(completer, "torch.sum(x, ke")
    assert offered[0] == "keepdim="
    assert "dim=" in texts(completer, "torch.sum(x, ")
    assert "requires_grad=" in texts(completer, "torch.ones(2, 2, requires")
    assert "retain_graph=" in texts(completer, "x.backward(retain")
    # already given: not offered again; and not in the middle of an expression
    assert "keepdim=" not in texts(completer, "torch.sum(x, keepdim=True, ke")
    assert texts(completer, "torch.sum(x + ke") == []


def test_nothing_in_strings_comments_or_after_expressions(completer):
    assert texts(completer, "print('x.req") == []
    assert texts(completer, "# x.req") == []
    assert texts(completer, "(x + 1).req") == []
    assert texts(completer, "1.5") == []
    assert texts(completer, "unknown.attr") == []


def test_magics(completer):
    assert texts(completer, "%") and all(c.display_text.startswith("%") for c in complete(completer, "%"))
    assert texts(completer, "%hi") == ["history"]
    assert "randn" in texts(completer, "%help torch.ran")
    assert "x" in texts(completer, "%time x")


def test_completion_never_runs_user_code(completer, interpreter_api):
    calls = []

    class Tracked:
        @property
        def _secret(self):  # a property the sandbox does not list: never read
            calls.append(1)
            return 1

    completer.session.set("t", Tracked())
    texts(completer, "t._secret.")
    assert calls == []


def test_open_call_and_signature_parsing():
    assert open_call("f(a, g(b), ") == ("f", "a, g(b), ")
    assert open_call("torch.sum(x, ") == ("torch.sum", "x, ")
    assert open_call("f(a)") is None
    assert open_call("[1, (") is None
    assert open_call("if (") is None
    assert open_call("print('(', ") == ("print", "'(', ")
    assert parse_signature("sum(input, dim=None, keepdim=False, *, dtype=None) -> Tensor") == [
        ("input", ""), ("dim", "None"), ("keepdim", "False"), ("dtype", "None")]
    assert parse_signature("f(a, /, b=(1, 2), *args, **kw)") == [("b", "(1, 2)")]


def test_tab_in_the_prompt_completes(recorder, interpreter_api):
    session = interpreter_api.Session()
    session.set("x", torch.ones(2, requires_grad=True))
    assert type_until(recorder, "x.requires_gr" + TAB, "x.requires_grad", session) == "x.requires_grad"
    assert type_until(recorder, "torch.autograd.gr" + TAB, "torch.autograd.grad", session)


def test_names_bound_by_import(completer):
    completer.session.run("import torch.nn.functional as F\nimport torch as t")
    assert "mse_loss" in texts(completer, "F.mse")
    assert "reduction=" in texts(completer, "F.mse_loss(a, b, red")
    assert "autograd" in texts(completer, "t.autog")


def test_what_the_sandbox_withholds_is_not_offered(completer):
    assert texts(completer, "torch.sav") == ["save"]  # torch.save: the interpreter's own, under the file rules
    assert texts(completer, "torch._") == []
