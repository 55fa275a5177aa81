"""End to end: gradcalc's REPL in a real pseudo-terminal, typed into as a person would."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from repl_pty import ANSI_COLOUR, ROOT, ReplProcess

pytestmark = pytest.mark.skipif(not __import__("shutil").which("stty"), reason="needs a Unix pty")

# The seed tutorial as the repository carries it (tests read only files inside the repo).
TUTORIAL = ROOT / "examples" / "scripts" / "autograd_tutorial.py"
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


@pytest.fixture
def repl(tmp_path):
    processes = []

    def start(**kwargs):
        process = ReplProcess(tmp_path, **kwargs)
        processes.append(process)
        process.wait_prompt()
        return process

    yield start
    for process in processes:
        process.close()


def type_program(process, lines):
    """Type ``lines`` as a person would at a REPL that pre-types indentation: each line
    without its indentation, an empty line to close a block. Returns [(line, output)]."""
    results = []
    indent = 0
    for line in lines:
        if not line.strip():
            continue
        level = len(line) - len(line.lstrip())
        if level < indent:
            assert level == 0, "the test types blocks one level deep"
            prompt, row = process.type_line("")  # the empty line runs the block
            assert prompt == ">>> "
            results[-1] = (results[-1][0], process.output_between(row, process.screen.row))
        in_block = indent > 0
        prompt, row = process.type_line(line.strip())
        if prompt == ">>> ":
            results.append((line, process.output_between(row, process.screen.row)))
            indent = 0
        else:
            indent = len(prompt) - 4
            if not in_block:
                results.append((line, None))  # a block header: the output comes when the block runs
    if indent:
        prompt, row = process.type_line("")
        results[-1] = (results[-1][0], process.output_between(row, process.screen.row))
    return results


def expected_outputs(lines):
    """What each statement prints at the REPL, from the interpreter itself (in-process)."""
    from gradcalc.cli.render import value_text
    from gradcalc.interpreter import Session

    printed = []
    session = Session(out=printed.append, display=lambda v: printed.append(value_text(v) + "\n"))
    outputs, block = [], []
    for line in lines + [""]:
        if line.startswith((" ", "\t")):
            block.append(line)
            continue
        if block:
            session.run("\n".join(block) + "\n")
            outputs[-1] = "".join(printed).rstrip("\n")
            printed.clear()
            block = []
        if not line.strip():
            continue
        if line.rstrip().endswith(":"):
            block = [line]
            outputs.append(None)
            continue
        session.run(line + "\n")
        outputs.append("".join(printed).rstrip("\n"))
        printed.clear()
    return outputs


def test_seed_tutorial_typed_line_by_line(repl):
    process = repl(env={"NO_COLOR": "1"})
    lines = TUTORIAL.read_text().splitlines()
    results = type_program(process, lines)
    got = [ADDRESS.sub("0xADDR", output) if output is not None else None for _, output in results]
    want = [ADDRESS.sub("0xADDR", output) if output is not None else None for output in expected_outputs(lines)]
    assert got == want
    # what print() printed is the conformance file's text; the REPL adds the one echo
    # (a.requires_grad_(True) is an expression statement)
    echo = [output for (line, output) in results if line.startswith("a.requires_grad_")]
    printed = "\n".join(o for (line, o) in results if o and not line.startswith("a.requires_grad_"))
    expected = (TUTORIAL.with_suffix(".expected")).read_text().rstrip("\n")
    assert ADDRESS.sub("0xADDR", printed) == expected
    assert echo and echo[0].startswith("tensor([[") and echo[0].endswith("requires_grad=True)")
    process.send("\x04")
    assert process.finish() == 0


def test_tab_completes_a_tensor_attribute(repl):
    process = repl()
    process.type_line("x = torch.ones(2, requires_grad=True)")
    row = process.screen.row
    process.send("x.requires_gr\t")
    process.wait_for(lambda: process.screen.line(row).startswith(">>> x.requires_grad"), "the completion")
    # Enter runs it (nothing was picked from the menu). The menu may still be drawn below the
    # input line, with the cursor in it: wait for the prompt below the *input* row.
    process.send("\r")
    process.wait_prompt(after_row=row)
    assert process.screen.line(row).rstrip() == ">>> x.requires_grad"
    assert process.output_between(row, process.screen.row) == "True"


def test_multi_line_with_block(repl):
    process = repl(env={"NO_COLOR": "1"})
    process.type_line("x = torch.ones(3, requires_grad=True)")
    prompt, _ = process.type_line("with torch.no_grad():")
    assert prompt == "...     "
    prompt, _ = process.type_line("y = x * 2")
    assert prompt == "...     "
    prompt, _ = process.type_line("print(y.requires_grad, (x * 2).requires_grad)")
    assert prompt == "...     "
    prompt, row = process.type_line("")
    assert prompt == ">>> "
    assert process.output_between(row, process.screen.row) == "False False"
    prompt, row = process.type_line("y")
    assert process.output_between(row, process.screen.row) == "tensor([2., 2., 2.])"
    # the block is on screen as it was typed
    text = process.screen.text()
    assert ">>> with torch.no_grad():\n...     y = x * 2\n...     print(y.requires_grad, (x * 2).requires_grad)" in text


def test_ctrl_c_stops_a_long_computation_and_keeps_the_variables(repl):
    process = repl(env={"NO_COLOR": "1"})
    process.type_line("x = torch.ones(2)")
    process.type_line("while True: x = x + 1")  # a one-line block waits for its empty line
    row = process.screen.row
    process.send("\r")
    # the loop runs: no prompt comes; Ctrl-C until it is stopped (a Ctrl-C that lands
    # while the prompt is still handing the terminal back would be lost, so repeat)
    for _ in range(60):
        process.send("\x03")
        try:
            process.wait_for(lambda: "KeyboardInterrupt" in process.screen.text(), "KeyboardInterrupt", 1.0)
            break
        except AssertionError:
            continue
    process.wait_prompt(after_row=row)
    prompt, row = process.type_line("x")
    assert process.output_between(row, process.screen.row) == "tensor([1., 1.])"
    text = process.screen.text()
    assert "Traceback" not in text
    assert re.search(r"^(\^C)?KeyboardInterrupt$", text, re.M)


def test_ctrl_d_exits_0(repl):
    process = repl()
    process.type_line("1 + 1")
    process.send("\x04")
    assert process.finish() == 0


def test_exit_call_exits_0(repl):
    process = repl()
    process.send("exit()\r")
    assert process.finish() == 0


def test_history_persists_across_two_sessions(repl, tmp_path):
    first = repl(env={"NO_COLOR": "1"})
    first.type_line("marker = 40 + 2")
    first.send("\x04")
    assert first.finish() == 0
    history = tmp_path / "state" / "gradcalc" / "history"
    assert "+marker = 40 + 2" in history.read_text()

    second = repl(env={"NO_COLOR": "1"})
    row = second.screen.row
    second.send("\x1b[A")  # Up: the previous session's input
    second.wait_for(lambda: second.screen.line(row).startswith(">>> marker = 40 + 2"), "the recalled input")
    second.type_line("")
    prompt, row = second.type_line("marker")
    assert second.output_between(row, second.screen.row) == "42"

    third = repl()  # in colour, history also suggests as you type
    row = third.screen.row
    third.send("marker =")  # the newest input starting so is "marker = 40 + 2"
    third.wait_for(lambda: third.screen.line(row).startswith(">>> marker = 40 + 2"), "the suggestion")
    third.send("\x1b[C")  # Right arrow takes it
    third.type_line("")
    prompt, row = third.type_line("marker")
    assert third.output_between(row, third.screen.row) == "42"


def test_ctrl_r_searches_history(repl):
    process = repl(env={"NO_COLOR": "1"})
    process.type_line("alpha = 1")
    process.type_line("beta = 2")
    row = process.screen.row
    process.send("\x12alph")
    process.wait_for(lambda: "alpha = 1" in process.screen.line(row), "the search result")
    process.send("\r")  # Enter accepts the match into the input (the search field closes)
    process.wait_for(lambda: process.screen.line(row).startswith(">>> alpha = 1"), "the input")
    process.send("0")  # typed after Enter: it goes into the input, at its end
    process.wait_for(lambda: process.screen.line(row).rstrip() == ">>> alpha = 10", "the edited input")
    process.send("\r")
    process.wait_prompt(after_row=row)
    prompt, out_row = process.type_line("alpha")
    assert process.output_between(out_row, process.screen.row) == "10"


def test_colour_in_a_terminal(repl):
    process = repl()
    prompt, row = process.type_line("torch.ones(2, requires_grad=True) * 2")
    assert process.output_between(row, process.screen.row) == "tensor([2., 2.], grad_fn=<MulBackward0>)"
    start = process.raw.rfind("tensor([")  # the echo (the typed input is coloured by the lexer)
    echo = process.raw[start:start + 300]
    assert re.search(r"\x1b\[[0-9;]*36m2\.", echo)  # numbers in colour
    assert "\x1b[32mgrad_fn=<MulBackward0>" in echo


@pytest.mark.parametrize("how", ["NO_COLOR", "--no-color"])
def test_no_colour(repl, how):
    process = repl(env={"NO_COLOR": "1"}) if how == "NO_COLOR" else repl(args=["--no-color"])
    prompt, row = process.type_line("torch.ones(2, requires_grad=True) * 2")
    assert process.output_between(row, process.screen.row) == "tensor([2., 2.], grad_fn=<MulBackward0>)"
    colours = [code for code in ANSI_COLOUR.findall(process.raw) if re.search(r"\[(3|4|9|10)\d|38;|48;", code)]
    assert colours == []


def test_banner_and_quiet(repl):
    process = repl()
    assert re.match(r"gradcalc \d+\.\d+\.\d+ .*%help.*Ctrl-D", process.screen.line(0))
    quiet = repl(args=["--quiet"])
    assert quiet.screen.line(0).startswith(">>>")


def test_errors_show_the_caret_and_kind(repl):
    process = repl(env={"NO_COLOR": "1"})
    prompt, row = process.type_line("y + 1")
    output = process.output_between(row, process.screen.row)
    assert output.splitlines()[-1] == "NameError: name 'y' is not defined"
    assert "^" in output


def test_a_grad_fn_echoes_with_its_graph(repl):
    process = repl(env={"NO_COLOR": "1"})
    process.type_line("x = torch.ones(2, requires_grad=True)")
    process.type_line("y = (x * 2).sum()")
    prompt, row = process.type_line("y.grad_fn")
    lines = process.output_between(row, process.screen.row).splitlines()
    assert re.fullmatch(r"<SumBackward0 object at 0x[0-9a-f]+>", lines[0])  # torch's repr first
    assert lines[1:] == ["SumBackward0 (y)  () float32",
                         "└── MulBackward0  (2,) float32",
                         "    └── AccumulateGrad (x)  (2,) float32  requires_grad=True"]


def test_enter_on_a_highlighted_completion_takes_it(repl):
    process = repl(env={"NO_COLOR": "1"})
    row = process.screen.row
    process.send("torch.zeros_l\t")  # one candidate: completed in place
    process.wait_for(lambda: process.screen.line(row).startswith(">>> torch.zeros_like"), "the completion")
    process.send("\x15")  # Ctrl-U: clear
    process.send("torch.zeros\t")  # two candidates, zeros and zeros_like: a menu
    process.wait_for(lambda: "zeros_like" in process.screen.text(), "the menu")
    process.send("\x1b[B")  # Down: highlight a completion
    process.wait_for(lambda: process.screen.line(row).startswith(">>> torch.zeros"), "the highlighted completion")
    process.send("\r")  # takes it; does not run the line
    process.send("(2)")
    process.wait_for(lambda: process.screen.line(row).rstrip().endswith("(2)"), "the typed call")
    text = process.screen.line(row).rstrip()
    assert text in (">>> torch.zeros(2)", ">>> torch.zeros_like(2)")
    assert "<built-in method" not in process.screen.text()  # Enter did not run `torch.zeros`


def test_typed_indentation_replaces_the_pretyped_one(repl):
    process = repl(env={"NO_COLOR": "1"})
    row = process.screen.row
    prompt, _ = process.type_line("for i in range(2):")
    assert prompt == "...     "
    process.send("    a = i\r")  # the user types the indentation too
    process.wait_for(lambda: len(process.screen.lines) > row + 2
                     and process.screen.line(row + 2).startswith("..."), "the next line")
    assert process.screen.line(row + 1).rstrip() == "...     a = i"
    prompt, _ = process.type_line("")  # the empty line runs the block
    assert prompt == ">>> "
    prompt, out_row = process.type_line("a")
    assert process.output_between(out_row, process.screen.row) == "1"


def test_underscore_is_the_last_echoed_value(repl):
    process = repl(env={"NO_COLOR": "1"})
    process.type_line("torch.tensor([1.0, 2.0]) * 3")
    prompt, row = process.type_line("_.sum()")
    assert process.output_between(row, process.screen.row) == "tensor(9.)"
    prompt, row = process.type_line("_ + 1")
    assert process.output_between(row, process.screen.row) == "tensor(10.)"


def test_timeit_prints_as_ipython(repl):
    process = repl(env={"NO_COLOR": "1"})
    process.type_line("x = torch.ones(3)")
    prompt, row = process.type_line("%timeit x * 2")
    assert re.fullmatch(r"[\d.]+ (ns|µs|ms|s) ± [\d.]+ (ns|µs|ms|s) per loop \(mean ± std\. dev\. of 7 runs, "
                        r"[\d,]+ loops? each\)", process.output_between(row, process.screen.row))


def test_help_and_question_mark_show_what_percent_help_shows(repl):
    process = repl(env={"NO_COLOR": "1"})
    prompt, row = process.type_line("%help torch.ones")
    expected = process.output_between(row, process.screen.row)
    assert expected.startswith("ones(")
    for line in ("torch.ones?", "?torch.ones"):
        prompt, row = process.type_line(line)
        assert process.output_between(row, process.screen.row) == expected
    prompt, row = process.type_line("help(torch.ones)")
    assert process.output_between(row, process.screen.row) == expected


def test_the_banner_fits_80_columns(repl):
    process = repl()
    assert len(process.screen.line(0).rstrip()) <= 80
