"""The first ``>>> `` before the line editor has loaded.

prompt_toolkit takes most of the REPL's start-up (its import alone is ~100 ms, against
~20 ms for Python itself). So the REPL writes the banner and a plain prompt at once, with
the terminal set as the line editor will set it: no echo, keys delivered as typed, Ctrl-C
and Ctrl-D as characters rather than signals. What the user types meanwhile waits in the
terminal's input queue, and prompt_toolkit reads it as soon as it starts, as if it had been
there all along: the same keys, the same editing, nothing echoed twice. Then the cursor goes
back to the start of the line and prompt_toolkit draws its own prompt over this one (its
first render erases the screen below the cursor).

Every terminal change is made with TCSANOW, which keeps the input queue (TCSAFLUSH would
drop the keys typed early), and undone before prompt_toolkit saves the terminal's state, so
it restores the user's own settings when it leaves.
"""

from __future__ import annotations

import sys

# prompt_toolkit's own look for the prompt (repl_prompt: "ansigreen bold") when in colour
_COLOR_PROMPT = "\x1b[0;1;32m>>> \x1b[0m"


def show(prompt: str, color: bool):
    """Write ``prompt`` on the terminal prompt_toolkit will use and set the terminal as it will;
    return the function that undoes it (call it before the line editor starts), or None where
    there is no terminal to do this on."""
    stream = sys.stdout if _is_tty(sys.stdout) else sys.stderr if _is_tty(sys.stderr) else None
    if stream is None or not _is_tty(sys.stdin):
        return None
    try:
        import termios
    except ImportError:  # not a POSIX terminal: prompt_toolkit draws the first prompt itself
        return None
    fd = sys.stdin.fileno()
    try:
        before = termios.tcgetattr(fd)
        early = termios.tcgetattr(fd)
        early[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG | termios.IEXTEN)
        early[6][termios.VMIN], early[6][termios.VTIME] = 1, 0
        termios.tcsetattr(fd, termios.TCSANOW, early)
    except (termios.error, OSError, ValueError):
        return None
    stream.write(_COLOR_PROMPT if color and prompt == ">>> " else prompt)
    stream.flush()

    def undo():
        try:
            stream.write("\r")  # prompt_toolkit draws from here, over the early prompt
            stream.flush()
        finally:
            try:
                termios.tcsetattr(fd, termios.TCSANOW, before)
            except (termios.error, OSError):
                pass

    return undo


def _is_tty(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False
