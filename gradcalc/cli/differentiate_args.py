"""The command line of ``gradcalc --grad EXPR NAME=VALUE... [--vjp V | --forward [--tangent V] | --hvp V]
[--hessian] [--json]``.

Parsed by hand rather than with argparse: EXPR may start with ``-`` (``'-x**2'``),
and each NAME=VALUE must be checked on its own terms. Two kinds of failure:

* ``UsageError`` -- the command line has the wrong shape (no EXPR, an unknown
  option, a word that is not NAME=VALUE): exit status 2;
* ``BindingError`` -- a NAME=VALUE that cannot be used (malformed VALUE, a NAME given
  twice, a NAME that is not a name, a dtype that cannot require grad): exit status 1.

VALUE is a literal, read here (never run as code): a number, or nested lists of
numbers (``3``, ``-0.5``, ``1e-3``, ``[1,2,3]``, ``[[1,2],[3,4]]``), and ``inf``/``nan``.
``NAME=VALUE:float32`` picks the dtype (float64 without it).
"""

from __future__ import annotations

import ast
import keyword
import math
import re

import gradcalc.engine as torch
from gradcalc.engine.dtypes import BY_NAME

FLOAT_DTYPES = {name: d for name, d in BY_NAME.items() if d.name.startswith("float")}


class UsageError(Exception):
    """The command line has the wrong shape (exit status 2)."""


class BindingError(Exception):
    """A NAME=VALUE that cannot be used (exit status 1)."""


class HelpRequested(Exception):
    """``--help`` / ``-h``: print HELP, exit 0."""


HELP = """\
usage: gradcalc --grad EXPR NAME=VALUE... [--vjp V | --forward [--tangent V] | --hvp V] [--hessian]
                       [--json] [--precision N]

The value of EXPR and of its derivatives with respect to each NAME, at the point the
NAME=VALUEs give (numbers, not a formula).

  EXPR          an expression in gradcalc's language (PyTorch's notation), e.g. 'x**2*sin(y)'
  NAME=VALUE    binds NAME to a float64 tensor that requires grad; VALUE is a number or
                nested lists of numbers (3, -0.5, [1,2,3], [[1,2],[3,4]]);
                NAME=VALUE:float32 picks another floating dtype
  --vjp V       the vector-Jacobian product vᵀJ instead of the full Jacobian (V shaped like EXPR)
  --hessian     second derivatives too (EXPR with a single value)
  --forward     forward mode: the Jacobian column by column, one pass per input element
                (cheaper than reverse mode when the inputs have fewer elements than EXPR);
                with --hessian, the Hessian column by column (forward over reverse)
  --tangent V   forward mode: the Jacobian-vector product J·v in one pass (V shaped like NAME;
                with several names, --tangent NAME=V for each that moves, the others stay)
  --hvp V       the gradient and the Hessian-vector product H·v of a single-valued EXPR,
                forward over reverse (V as for --tangent)
  --json        one JSON object: value, gradients as nested lists, shapes, dtypes (full precision)
  --precision N digits after the point in the table (default 4, as torch prints)

A scalar EXPR gives gradients shaped like each NAME; any other EXPR gives the Jacobian,
shaped EXPR.shape + NAME.shape. Exit status: 0 done, 1 EXPR or a VALUE failed, 2 bad usage.
"""


class GradArgs:
    """What the command line asks for."""

    def __init__(self):
        self.expr = None
        self.bindings = []       # [(name, value text, dtype)] in command-line order
        self.vjp = None          # the V of --vjp, as typed
        self.forward = False     # forward mode (--forward, or implied by --tangent)
        self.tangent = []        # [(name or None, V as typed)] of each --tangent
        self.hvp = []            # [(name or None, V as typed)] of each --hvp
        self.hessian = False
        self.json = False
        self.no_color = False
        self.max_elements = None
        self.max_memory = None
        self.timeout = None
        self.precision = None    # digits after the point in the plain table (torch's print precision)


# option -> (attribute, takes a value)
_OPTIONS = {
    "--vjp": ("vjp", True),
    "--hessian": ("hessian", False),
    "--forward": ("forward", False),
    "--tangent": ("tangent", True),
    "--hvp": ("hvp", True),
    "--json": ("json", False),
    "--no-color": ("no_color", False),
    "--max-elements": ("max_elements", True),
    "--max-memory": ("max_memory", True),
    "--timeout": ("timeout", True),
    "--precision": ("precision", True),
}

USAGE = ("usage: gradcalc --grad EXPR NAME=VALUE... [--vjp V | --forward [--tangent V] | --hvp V] [--hessian] "
         "[--json] [--precision N]")

# options given once per name (NAME=V), or once with one NAME
_PER_NAME = ("tangent", "hvp")


def parse_args(argv) -> GradArgs:
    """Read the words after ``--grad``; raises UsageError or BindingError."""
    args = GradArgs()
    words = list(argv)
    if words and words[0] == "--grad":
        words = words[1:]
    i = 0
    only_positional = False
    seen_names = set()
    while i < len(words):
        word = words[i]
        i += 1
        if not only_positional and word == "--":
            only_positional = True
            continue
        if not only_positional and word in ("-h", "--help"):
            raise HelpRequested()
        if not only_positional and word.startswith("--"):
            option, eq, inline = word.partition("=")
            if option not in _OPTIONS:
                raise UsageError(f"unknown option {option}")
            attr, takes_value = _OPTIONS[option]
            if takes_value:
                if eq:
                    value = inline
                elif i < len(words):
                    value = words[i]
                    i += 1
                else:
                    raise UsageError(f"{option} needs a value")
                if attr in _PER_NAME:
                    getattr(args, attr).append(_per_name(option, value))
                else:
                    setattr(args, attr, _option_value(option, value))
            elif eq:
                raise UsageError(f"{option} takes no value")
            else:
                setattr(args, attr, True)
            continue
        if args.expr is None:
            leibniz = _LEIBNIZ.match(word)
            if leibniz:
                raise UsageError(_leibniz_message(leibniz.group(1)))
            args.expr = word
            continue
        name, eq, value = word.partition("=")
        if not eq:
            if word.isidentifier():
                raise UsageError(f"{word} needs a value: write {word}=VALUE (--grad gives the value of the "
                                 f"derivative at a point, e.g. {word}=3)")
            raise UsageError(f"expected NAME=VALUE, got {word!r}")
        name = name.strip()
        if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
            raise BindingError(f"{name!r} is not a valid variable name (in {word!r})")
        if name in seen_names:
            raise BindingError(f"{name} is given twice")
        seen_names.add(name)
        text, dtype = _split_dtype(name, value)
        args.bindings.append((name, text, dtype))
    if args.expr is None or not args.expr.strip():
        raise UsageError("expected an expression after --grad")
    if not args.bindings:
        raise UsageError("expected at least one NAME=VALUE after the expression")
    if args.tangent:
        args.forward = True
    _exclusive(args)
    return args


def _exclusive(args):
    """Options that ask for different products cannot be combined."""
    given = [name for name, on in (("--hessian", args.hessian), ("--vjp", args.vjp is not None),
                                   ("--tangent", bool(args.tangent)), ("--hvp", bool(args.hvp))) if on]
    if len(given) > 1:
        raise UsageError(f"{given[0]} and {given[1]} cannot be used together")
    if args.forward and args.vjp is not None:
        raise UsageError("--forward and --vjp cannot be used together: the vector-Jacobian product is reverse "
                         "mode (forward mode's product is --tangent V)")
    if args.forward and args.hvp:
        raise UsageError("--forward and --hvp cannot be used together: --hvp is already forward over reverse")


def _per_name(option, text):
    """``(name, V)`` of ``--tangent NAME=V``, ``(None, V)`` of ``--tangent V``."""
    name, eq, value = text.partition("=")
    if eq and name.strip().isidentifier():
        return name.strip(), value
    return None, text


_LEIBNIZ = re.compile(r"\s*d\s*/\s*d\s*([A-Za-z_]\w*)\b")


def _leibniz_message(name):
    return (f"--grad takes the expression itself, not d/d{name}: gradcalc --grad 'EXPR' {name}=VALUE gives the "
            f"value of the derivative at that point (a number, not a formula)")


def _option_value(option, value):
    if option == "--max-elements":
        try:
            n = int(value)
        except ValueError:
            n = -1
        if n <= 0:
            raise UsageError(f"--max-elements needs a positive whole number, got {value!r}")
        return n
    if option == "--max-memory":
        from .sizes import parse_size
        try:
            return parse_size(value)
        except ValueError as e:
            raise UsageError(f"--max-memory: {e}") from None
    if option == "--timeout":
        try:
            s = float(value)
        except ValueError:
            s = -1.0
        if not s > 0:
            raise UsageError(f"--timeout needs a positive number of seconds, got {value!r}")
        return s
    if option == "--precision":
        try:
            n = int(value)
        except ValueError:
            n = -1
        if not 0 <= n <= 30:
            raise UsageError(f"--precision needs a whole number of digits from 0 to 30, got {value!r}")
        return n
    return value


def _split_dtype(name, value):
    text, colon, dtype_name = value.rpartition(":")
    if not colon:
        return value, torch.float64
    dtype_name = dtype_name.strip().removeprefix("torch.")
    if dtype_name in FLOAT_DTYPES:
        return text, FLOAT_DTYPES[dtype_name]
    if dtype_name in BY_NAME:
        raise BindingError(f"{name}: only floating point tensors can require gradients, "
                           f"not {dtype_name} (use float16, float32 or float64)")
    raise BindingError(f"{name}: unknown dtype {dtype_name!r} (use float16, float32 or float64)")


def parse_literal(text: str):
    """A number or nested lists of numbers from VALUE's text; ValueError when it is not one."""
    text = text.strip()
    if not text:
        raise ValueError("the value is empty")
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        raise ValueError(f"{text!r} is not a number or a list of numbers") from None
    return _literal(tree, text)


_NAMED = {"inf": math.inf, "nan": math.nan}


def _literal(node, text):
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.Constant) and type(node.value) is bool:
        return float(node.value)
    if isinstance(node, ast.Name) and node.id in _NAMED:
        return _NAMED[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _literal(node.operand, text)
        if isinstance(v, list):
            raise ValueError(f"{text!r}: a sign applies to a number, not a list")
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_literal(e, text) for e in node.elts]
    raise ValueError(f"{text!r} is not a number or a list of numbers")


def make_tensor(name, text, dtype):
    """The tensor NAME is bound to: VALUE's numbers in ``dtype``, requiring grad."""
    try:
        value = parse_literal(text)
    except ValueError as e:
        raise BindingError(f"{name}: malformed value: {e}") from None
    try:
        return torch.tensor(value, dtype=dtype, requires_grad=True)
    except (ValueError, TypeError, RuntimeError) as e:
        raise BindingError(f"{name}: malformed value {text!r}: {e}") from None
