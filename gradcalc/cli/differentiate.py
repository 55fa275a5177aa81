"""``gradcalc --grad EXPR NAME=VALUE... [--vjp V | --forward [--tangent V] | --hvp V] [--hessian] [--json]``:
the differentiator.

Binds each NAME to a float64 tensor that requires grad (``NAME=VALUE:float32`` picks
the dtype), evaluates EXPR in a Session (the language and its sandbox, exactly as
in a script), and prints the value and the derivatives: the gradient of a scalar,
the Jacobian of anything else (or the vector-Jacobian product with ``--vjp V``),
and with ``--hessian`` the second derivatives of a scalar. ``--forward``, ``--tangent V``
and ``--hvp V`` compute by forward-mode AD (differentiate_forward).

Exit status: 0 done (an unused NAME is only a warning: its gradient is zeros);
1 EXPR fails, a VALUE is malformed, a NAME is given twice, the derivative cannot be
taken; 2 the command line has the wrong shape.

The parts: differentiate_args (the command line), differentiate_compute (the
derivatives), differentiate_output (table and JSON).
"""

from __future__ import annotations

import sys

from .render import Message
from .differentiate_args import (HELP, USAGE, BindingError, HelpRequested, UsageError, make_tensor,
                                 parse_args, parse_literal)

PROG = "gradcalc --grad"

# What the engine raises for a derivative it cannot take (torch's wording).
_ENGINE_ERRORS = (RuntimeError, TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError)


def main(args, stdout=None, stderr=None, session_factory=None, user_error=None) -> int:
    """Run the differentiator; returns the exit status.

    ``args``: the words after ``--grad`` (a list; a leading ``"--grad"`` is skipped), or
    cli/main.py's argparse namespace with those words in ``args.grad`` (its ``no_color``,
    ``max_elements`` and ``timeout`` apply too). The keyword arguments are for tests.
    """
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    argv, common = _words(args)
    try:
        ga = parse_args(argv)
    except HelpRequested:
        stdout.write(HELP)
        return 0
    except UsageError as e:
        stderr.write(f"{PROG}: {e}\n{USAGE}\n")
        return 2
    except BindingError as e:
        stderr.write(f"{PROG}: {e}\n")
        return 1
    for attr in ("no_color", "max_elements", "timeout"):
        if getattr(common, attr, None) and not getattr(ga, attr):
            setattr(ga, attr, getattr(common, attr))
    if ga.max_memory is None:  # (0, no limit, counts as given)
        ga.max_memory = getattr(common, "max_memory", None)

    from .render import Output, use_color

    color = use_color(stdout, ga.no_color) and not ga.json
    output = Output(stdout, stderr, color=color, err_color=False if ga.no_color else None)

    try:
        inputs = {name: make_tensor(name, text, dtype) for name, text, dtype in ga.bindings}
        vjp = None
        if ga.vjp is not None:
            try:
                vjp = parse_literal(ga.vjp)
            except ValueError as e:
                raise BindingError(f"--vjp: malformed value: {e}") from None
    except BindingError as e:
        output.error(Message(f"{PROG}: {e}"))
        return 1

    if session_factory is None:
        from gradcalc.interpreter import Session as session_factory
        from gradcalc.interpreter import UserError as user_error
    # print() inside EXPR goes to stderr: stdout carries only the result (one JSON object with --json)
    session = session_factory(out=output.err_stream.write, display=None, magic=None,
                              max_elements=ga.max_elements, max_memory=ga.max_memory, timeout=ga.timeout)
    if ga.forward or ga.hvp:
        return _forward(ga, inputs, session, output, user_error)
    for name, t in inputs.items():
        session.set(name, t)
    from .differentiate_kinks import RelusAtZero

    relus = RelusAtZero()
    try:
        with relus:
            value = session.eval(ga.expr, filename="<--grad>")
    except user_error as err:
        output.error(err)
        missing = _missing_name(err, inputs)
        if missing:  # a name of the expression the command line does not give
            output.error(Message(f"{PROG}: {missing} has no value: add {missing}=VALUE to the command line"))
        return 1
    return _finish(ga, inputs, value, vjp, output, relus.nodes)


def _finish(ga, inputs, value, vjp, output, relus_at_zero=()) -> int:
    from .differentiate_compute import as_value_tensor, differentiate
    from .differentiate_kinks import kink_warnings

    try:
        value = as_value_tensor(value)
        if ga.hessian and value.numel() != 1:
            raise ValueError(f"--hessian needs an expression with a single value, "
                             f"got one of shape {tuple(value.shape)}")
        kinks = kink_warnings(value, relus_at_zero)  # before the backward passes free the saved values
        result = differentiate(value, inputs, v=vjp, hessian=ga.hessian)
    except _ENGINE_ERRORS as e:
        output.error(Message(f"{type(e).__name__}: {e}"))
        return 1
    return _report(ga, inputs, result, vjp, output, kinks)


def _forward(ga, inputs, session, output, user_error) -> int:
    """``--forward`` / ``--tangent`` / ``--hvp``: EXPR evaluated on dual tensors (differentiate_forward)."""
    from . import differentiate_forward as fw
    from .differentiate_kinks import RelusAtZero, kink_warnings

    option = "--hvp" if ga.hvp else "--tangent"
    try:
        words = []
        for name, text in (ga.hvp or ga.tangent):
            try:
                words.append((name, parse_literal(text)))
            except ValueError as e:
                raise fw.TangentError(f"{option}: malformed value: {e}") from None
        tangents = fw.tangents_for(option, words, inputs)
    except fw.TangentError as e:
        output.error(Message(f"{PROG}: {e}"))
        return 1
    last = []

    def evaluate(bindings):
        for name, t in bindings.items():
            session.set(name, t)
        value = session.eval(ga.expr, filename="<--grad>")
        last[:] = [value]
        return value

    relus = RelusAtZero()
    try:
        with relus:
            if ga.hvp:
                result = fw.hvp(evaluate, inputs, tangents)
            elif ga.tangent:
                result = fw.jvp(evaluate, inputs, tangents)
            elif ga.hessian:
                result = fw.hessian(evaluate, inputs)
            else:
                result = fw.jacobian(evaluate, inputs)
        kinks = kink_warnings(last[0], relus.nodes) if last else []
    except user_error as err:
        output.error(err)
        missing = _missing_name(err, inputs)
        if missing:
            output.error(Message(f"{PROG}: {missing} has no value: add {missing}=VALUE to the command line"))
        return 1
    except _ENGINE_ERRORS as e:
        output.error(Message(f"{type(e).__name__}: {e}"))
        return 1
    finally:
        for name, t in inputs.items():  # the session holds no dual tensor past the dual level
            session.set(name, t)
    return _report(ga, inputs, result, None, output, kinks)


def _report(ga, inputs, result, vjp, output, kinks) -> int:
    """Warnings, then the table or the JSON object."""
    from .differentiate_kinks import non_finite_warnings
    from .differentiate_output import json_text, plain_table, rich_table, rows

    warnings = [f"the expression does not depend on {name}: its gradient is zero" for name in result.unused]
    warnings += kinks + non_finite_warnings(result)
    for w in warnings:
        output.warn(f"{PROG}: warning: {w}")
    value_array = result.value.numpy()
    if ga.json:
        import numpy as np

        v = None
        if vjp is not None:
            v = np.asarray(vjp, dtype=value_array.dtype)
        output.write(json_text(ga.expr, inputs, result, value_array, vjp=v, warnings=warnings))
    else:
        from gradcalc.engine.printing_options import get_printoptions, set_printoptions

        # (a title saying how, when it is not the default reverse mode)
        title = ga.expr if result.mode == "reverse" else f"{ga.expr}   ({result.mode} mode)"
        before = get_printoptions()
        if ga.precision is not None:
            set_printoptions(precision=ga.precision)
        try:
            if output.color:
                output.print(rich_table(title, rows(ga.expr, result, value_array)))
            else:
                output.write(plain_table(title, rows(ga.expr, result, value_array)))
        finally:
            set_printoptions(**before)
    return 0


def _missing_name(err, inputs):
    import re

    if getattr(err, "kind", None) != "NameError":
        return None
    m = re.match(r"name '(\w+)' is not defined", str(getattr(err, "message", "")))
    return m.group(1) if m and m.group(1) not in inputs else None


def _words(args):
    """The words after --grad, and the namespace of common options (or None)."""
    if isinstance(args, (list, tuple)):
        return list(args), None
    words = getattr(args, "grad", None)
    if isinstance(words, str):
        words = [words] + list(getattr(args, "grad_args", []) or [])
    return list(words or []), args
