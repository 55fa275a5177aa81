"""The REPL's own keys, on top of prompt_toolkit's Emacs bindings.

    Enter        run the input if it is a whole statement, else a new line with the
                 indentation pre-typed (the parser decides: repl_continuation)
    Tab          complete; in leading blanks, indent by 4 spaces
    Backspace    in leading blanks, remove one level (back to a multiple of 4)
    Ctrl-C       clear the input (prompt_toolkit raises KeyboardInterrupt; the loop
                 shows a fresh prompt)
    Ctrl-D       leave, on an empty input
    Ctrl-R       search the history backwards (prompt_toolkit's own); Enter takes the match
                 into the input (as bash, IPython and ptpython), Ctrl-G/Ctrl-C cancel
    Space        on a line holding only the pre-typed indentation, the spaces the user types
                 replace it (as ptpython): typing the block's indentation gives it once
    →, Ctrl-E    take the grey suggestion from history (prompt_toolkit's own)

A paste (bracketed paste) is inserted as typed text without auto-indentation, so a
pasted indented block keeps its own indentation.
"""

from __future__ import annotations

import weakref

from prompt_toolkit.filters import Condition, has_completions, has_selection, is_searching
from prompt_toolkit.key_binding import KeyBindings

from .repl_continuation import dedent_width, on_enter


# buffer -> (row, indentation) just pre-typed by Enter on that row; the first space typed
# there replaces it (weak keys: a buffer lives as long as its prompt)
_PRETYPED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def repl_key_bindings() -> KeyBindings:
    kb = KeyBindings()

    @Condition
    def completion_selected() -> bool:
        from prompt_toolkit.application import get_app

        state = get_app().current_buffer.complete_state
        return bool(state and state.current_completion)

    @kb.add("enter", filter=is_searching)
    def _accept_search(event):
        # Enter ends the search with the match in the input, ready to edit or run
        from prompt_toolkit.search import accept_search

        accept_search()  # the found text stays in the input buffer, focused again
        buffer = event.app.current_buffer
        buffer.cursor_position = len(buffer.text)  # ready to run (Enter) or to extend

    @kb.add("enter", filter=~has_selection & ~is_searching & ~(completion_selected & has_completions))
    def _enter(event):
        buffer = event.current_buffer
        document = buffer.document
        if not document.is_cursor_at_the_end:
            # Editing inside a multi-line input: Enter runs it if it is whole, else
            # breaks the line here (keeping this line's indentation).
            action = on_enter(buffer.text)
            if action.submit:
                buffer.validate_and_handle()
                return
            line = document.current_line_before_cursor
            buffer.insert_text("\n" + line[: len(line) - len(line.lstrip())])
            return
        action = on_enter(buffer.text)
        if action.text is not None:
            buffer.text = action.text
            buffer.cursor_position = len(action.text)
        if action.submit:
            buffer.complete_state = None  # the menu closes before the run: nothing redraws over its output
            buffer.validate_and_handle()
        else:
            buffer.insert_text("\n" + action.indent)
            _PRETYPED[buffer] = (buffer.document.cursor_position_row, action.indent)

    # Registered after _enter: where both apply, the later binding wins in prompt_toolkit.
    @kb.add("enter", filter=completion_selected & has_completions & ~is_searching)
    def _take_completion(event):
        # Enter on a highlighted completion takes it (the text is already in place)
        # and closes the menu; it does not submit.
        event.current_buffer.complete_state = None

    @kb.add(" ", filter=~is_searching)
    def _space(event):
        buffer = event.current_buffer
        pretyped = _PRETYPED.pop(buffer, None)
        document = buffer.document
        if pretyped is not None and pretyped[1] and document.cursor_position_row == pretyped[0] \
                and document.current_line == pretyped[1] and document.is_cursor_at_the_end_of_line:
            buffer.delete_before_cursor(len(pretyped[1]))  # the user types the indentation themselves
        buffer.insert_text(" " * event.arg)

    @Condition
    def in_leading_blanks() -> bool:
        from prompt_toolkit.application import get_app

        line = get_app().current_buffer.document.current_line_before_cursor
        return not line.strip()

    @kb.add("tab", filter=in_leading_blanks & ~has_completions)
    def _indent(event):
        line = event.current_buffer.document.current_line_before_cursor
        event.current_buffer.insert_text(" " * (4 - len(line) % 4))

    @kb.add("backspace", filter=in_leading_blanks & ~has_selection)
    def _dedent(event):
        line = event.current_buffer.document.current_line_before_cursor
        event.current_buffer.delete_before_cursor(dedent_width(line) if line else 1)

    return kb
