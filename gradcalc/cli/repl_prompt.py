"""The REPL's input line: a prompt_toolkit PromptSession set up for the language.

``>>> `` then ``... `` on continuation lines; the whole multi-line input is one
buffer (and one history entry), edited and recalled together. Highlighting with
Pygments' Python lexer, completion from the sandbox (repl_completion), grey
suggestions from history, the keys of repl_keys.
"""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory, ConditionalAutoSuggest
from prompt_toolkit.filters import has_completions
from prompt_toolkit.enums import EditingMode
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.output import ColorDepth

from .repl_completion import SandboxCompleter
from .repl_keys import repl_key_bindings

PROMPT = ">>> "
CONTINUATION = "... "


def _continuation(width, line_number, is_soft_wrap):
    return FormattedText([("class:continuation", CONTINUATION if not is_soft_wrap else " " * width)])


def make_prompt_session(session, history, color: bool, input=None, output=None, sandbox=None):
    """The PromptSession reading the REPL's inputs for ``session`` (the interpreter's)."""
    if output is None:
        # The prompt belongs on the terminal even when stdout is piped (`gradcalc | tee log`):
        # then values go to the pipe, plain, and the prompt to stderr's terminal.
        from prompt_toolkit.output.defaults import create_output

        output = create_output(always_prefer_tty=True)
    lexer = None
    style = None
    if color:
        from prompt_toolkit.lexers import PygmentsLexer
        from prompt_toolkit.styles import Style
        from pygments.lexers.python import PythonLexer

        lexer = PygmentsLexer(PythonLexer)
        style = Style.from_dict({"prompt": "ansigreen bold", "continuation": "ansigreen"})
    return PromptSession(
        message=FormattedText([("class:prompt", PROMPT)]),
        multiline=True,  # Enter is ours (repl_keys): the parser decides when input is whole
        prompt_continuation=_continuation,
        key_bindings=repl_key_bindings(),
        history=history,
        enable_history_search=False,  # Up/Down walk history; Ctrl-R searches it
        # grey text needs colour; hidden while the completion menu is open (one proposal at a time)
        auto_suggest=ConditionalAutoSuggest(AutoSuggestFromHistory(), ~has_completions) if color else None,
        completer=SandboxCompleter(session, sandbox=sandbox),
        complete_while_typing=False,
        lexer=lexer,
        style=style,
        include_default_pygments_style=color,
        color_depth=None if color else ColorDepth.MONOCHROME,
        editing_mode=EditingMode.EMACS,
        mouse_support=False,
        input=input,
        output=output,
        tempfile_suffix=".py",
    )


def ask_yes_no(prompt_session, question: str) -> bool:
    """A y/N question on the REPL's terminal (Enter or Ctrl-C/Ctrl-D mean no)."""
    asker = PromptSession(input=prompt_session.input, output=prompt_session.output)
    try:
        answer = asker.prompt(f"{question} [y/N] ")
    except (KeyboardInterrupt, EOFError):
        return False
    return answer.strip().lower() in ("y", "yes")
