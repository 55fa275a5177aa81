"""The REPL loop through prompt_toolkit's pipe input: continuation, keys, echo, errors."""

from __future__ import annotations

from repl_testutil import BACKSPACE, CTRL_C, CTRL_D, ENTER, TAB, drive


def test_statements_run_and_values_echo(recorder):
    status, session, repl = drive(recorder, "x = 1 + 1" + ENTER + "x" + ENTER + "None" + ENTER)
    assert status == 0
    assert recorder.text == "2\n"  # None echoes nothing
    assert repl.inputs == ["x = 1 + 1", "x", "None"]


def test_a_block_continues_with_indentation_and_ends_on_an_empty_line(recorder):
    keys = ("n = 0" + ENTER
            + "while n < 5:" + ENTER       # incomplete: the next line starts with 4 spaces typed
            + "n = n + 2" + ENTER          # typed after the pre-typed indentation
            + ENTER                        # the empty line closes the block and runs it
            + "n" + ENTER)
    status, session, repl = drive(recorder, keys)
    assert recorder.text == "6\n", recorder.errors
    assert repl.inputs[1] == "while n < 5:\n    n = n + 2"


def test_open_bracket_continues(recorder):
    status, session, repl = drive(recorder, "y = [1," + ENTER + "2]" + ENTER + "y" + ENTER)
    assert recorder.text == "[1, 2]\n", recorder.errors


def test_backspace_removes_one_indentation_level(recorder):
    keys = ("s = 0" + ENTER + "for i in range(3):" + ENTER + "if i:" + ENTER
            + "s = s + i" + ENTER + BACKSPACE + "s = s + 10" + ENTER + ENTER + "s" + ENTER)
    drive(recorder, keys)
    assert recorder.text == "33\n", recorder.errors


def test_tab_in_leading_blanks_indents(recorder):
    keys = "if True:" + ENTER + BACKSPACE + TAB + "z = 5" + ENTER + ENTER + "z" + ENTER
    drive(recorder, keys)
    assert recorder.text == "5\n", recorder.errors


def test_syntax_error_is_reported_and_the_session_goes_on(recorder):
    drive(recorder, "x = )" + ENTER + "1" + ENTER)
    assert "SyntaxError" in recorder.errors
    assert recorder.text == "1\n"


def test_runtime_error_keeps_variables(recorder):
    drive(recorder, "a = 1" + ENTER + "a = undefined_name" + ENTER + "a" + ENTER)
    assert "NameError" in recorder.errors
    assert recorder.text == "1\n"


def test_ctrl_c_while_typing_clears_the_input(recorder):
    status, session, repl = drive(recorder, "x = 12345" + CTRL_C + "7" + ENTER)
    assert recorder.text == "7\n"
    assert "x" not in session.namespace


def test_ctrl_d_on_empty_input_leaves_with_status_0(recorder):
    status, session, repl = drive(recorder, "1" + ENTER + CTRL_D + "2" + ENTER)
    assert status == 0
    assert recorder.text == "1\n"


def test_exit_and_quit_leave(recorder):
    for word in ("exit()", "quit()", "exit", "quit"):
        status, session, repl = drive(recorder, word + ENTER + "3" + ENTER)
        assert status == 0
    assert recorder.text == ""


def test_paste_keeps_its_own_indentation(recorder):
    paste = "\x1b[200~t = 0\nfor i in range(4):\n    t = t + i\n\x1b[201~"
    drive(recorder, paste + ENTER + ENTER + "t" + ENTER)
    assert recorder.text == "6\n", recorder.errors


def test_magics_in_the_repl(recorder):
    drive(recorder, "q = 1" + ENTER + "%history" + ENTER)
    assert recorder.text == "1: q = 1\n2: %history\n"


def test_reset_asks_first(recorder):
    status, session, repl = drive(recorder, "q = 1" + ENTER + "%reset" + ENTER + "q" + ENTER
                                  + "%reset" + ENTER, answers=[False, True])
    assert "Nothing reset." in recorder.text
    assert "1\n" in recorder.text
    assert "q" not in session.namespace


def test_exit_with_a_status_from_inside_a_block(recorder):
    status, session, repl = drive(recorder, "if True:" + ENTER + "exit(3)" + ENTER + ENTER + "4" + ENTER)
    assert status == 3 and recorder.text == ""


def test_debug_shows_the_python_traceback_too(recorder):
    drive(recorder, "torch.ones(2) @ torch.ones(3)" + ENTER, debug=True)
    errors = recorder.errors
    assert errors.rstrip().splitlines()[-1].startswith("RuntimeError: inconsistent tensor size")
    assert 'File "<stdin>", line 1' in errors
    assert errors.count("RuntimeError: inconsistent tensor size") == 2  # gradcalc's own traceback first
    assert errors.index("gradcalc/engine") < errors.rindex('File "<stdin>"')


def test_without_debug_no_python_traceback(recorder):
    drive(recorder, "torch.ones(2) @ torch.ones(3)" + ENTER)
    assert "gradcalc/engine" not in recorder.errors and "RuntimeError" in recorder.errors
