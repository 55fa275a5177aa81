"""The common command lines are read without argparse (start-up time); what they give must be
exactly what argparse gives, and anything else must still go to argparse."""

import pytest

from gradcalc.cli.main import _plain_args, _split_argv, build_parser

PLAIN = [[], ["-e", "1+1"], ["-e", "-1"], ["-e", "a", "-e", "b"], ["--eval", "x = 1"], ["x.py"], ["x.py", "y.py"],
         ["-"], ["--eval=3"], [""], ["-e", "--help"]]
OTHER = [["-e", "1", "x.py"], ["--quiet", "-e", "1"], ["x.py", "--debug"], ["--", "-x.py"], ["--grad", "x", "x=1"],
         ["-e"], ["--help"], ["--version"], ["--timeout", "3", "x.py"], ["-x"], ["--no-color"]]


@pytest.mark.parametrize("argv", PLAIN, ids=repr)
def test_plain_command_lines_read_as_argparse_reads_them(argv):
    words, grad = _split_argv(argv)
    plain = _plain_args(words, grad)
    assert plain is not None
    parsed = build_parser().parse_args(words)
    parsed.grad = grad
    assert vars(plain) == vars(parsed)


@pytest.mark.parametrize("argv", OTHER, ids=repr)
def test_options_and_mixes_go_to_argparse(argv):
    words, grad = _split_argv(argv)
    assert _plain_args(words, grad) is None
