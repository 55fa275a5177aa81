"""How many source lines declare the ops under gradcalc/engine/ops/, at a past commit and now.

    python tools/op_lines.py                 # 286e61d (before the table rows) against the working tree
    python tools/op_lines.py BASE [NEW]      # any two commits (NEW: a commit, or omitted for the tree)
    python tools/op_lines.py --list          # also one line per op

Only the ops present on both sides are compared, each op known by its node class's name
(its ``grad_fn`` name, ``SinBackward0``). An op is declared either

- by a class: a module-level class whose bases lead to ``Node`` (in the same or another
  ops module); counted from its first decorator or ``class`` line to its last line; or
- by a row: a module-level statement calling ``row``, ``binary_row``, ``reduction`` or
  ``shape_row`` (ops/table*.py); counted over the whole statement. Its node names are the
  string literal in the node position, a reduction's ``whole`` node and ``inplace_node``'s name.

Both kinds also own the module-level functions tied to them alone: a function the declaration
names (a helper: a forward, a rule) or a function that names the declaration (a wrapper:
``def sin(input): return SinBackward0.apply(input)``), when no other op of the module is
tied to it. Shared helpers (``support.floating``, ``table.py`` itself, a factory used by
several rows), export lists, aliases (``clip = clamp``) and Tensor methods outside ops/ are
counted on neither side. A declaration covering several nodes counts once.

The table gives, by the kind of the op's declaration now, the number of ops (node names), the lines then
and now, and the change: physical lines (blank lines inside a class included) and, in
brackets, non-blank lines. Reads the old files with ``git show``; the standard library only.
"""

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OPS = "gradcalc/engine/ops"
ROW_CALLS = {"row": 1, "binary_row": 1, "reduction": 1, "shape_row": 0}  # position of the node name
DEFAULT_BASE = "286e61d"


def _git(*args):
    return subprocess.run(["git", "-C", str(REPO), *args], check=True, capture_output=True, text=True).stdout


def sources(commit):
    """{file name: source} of ops/*.py at ``commit`` (None: the working tree)."""
    if commit is None:
        return {p.name: p.read_text() for p in sorted((REPO / OPS).glob("*.py"))}
    names = _git("ls-tree", "--name-only", commit, OPS + "/").split()
    return {Path(n).name: _git("show", f"{commit}:{n}") for n in names if n.endswith(".py")}


class Decl:
    """One declaration: its kind, the node names it declares, the names that denote it in its
    module, the names it reads, its line span."""

    def __init__(self, file, kind, nodes, aliases, stmt, lines):
        self.file, self.kind, self.nodes, self.aliases = file, kind, set(nodes), set(aliases)
        self.reads = _names(stmt)
        self.spans = [_span(stmt)]
        self.lines = lines

    def count(self):
        """(physical lines, non-blank lines) of the declaration and the functions it owns."""
        phys = sum(b - a + 1 for a, b in self.spans)
        text = sum(1 for a, b in self.spans for ln in self.lines[a - 1:b] if ln.strip())
        return phys, text


def _names(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _span(stmt):
    first = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", [])])
    return first, stmt.end_lineno


def _row_calls(stmt):
    """The row calls a module-level statement makes (``X = row(...)``, ``x = row(...).function``)."""
    if not isinstance(stmt, (ast.Assign, ast.Expr, ast.AnnAssign)):
        return []
    return [c for c in ast.walk(stmt) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
            and c.func.id in ROW_CALLS]


def _row_nodes(call):
    pos = ROW_CALLS[call.func.id]
    args = list(call.args)
    node = args[pos] if len(args) > pos else next((k.value for k in call.keywords if k.arg == "node"), None)
    nodes = [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str) else []
    for k in call.keywords:
        if k.arg == "whole" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str):
            nodes.append(k.value.value)  # a reduction's node for the whole tensor
        if k.arg == "inplace_node" and isinstance(k.value, ast.Tuple) and isinstance(k.value.elts[0], ast.Constant):
            nodes.append(k.value.elts[0].value)
    return nodes


def _base_name(b):
    return b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else None


def declarations(files):
    """Every op declaration in ``files`` ({name: source}), with the functions each owns."""
    trees = {f: ast.parse(src, filename=f) for f, src in files.items()}
    # node classes: bases leading to Node, across the ops modules (to a fixed point)
    classes = {f: [s for s in t.body if isinstance(s, ast.ClassDef)] for f, t in trees.items()}
    nodes = {"Node"}
    grew = True
    while grew:
        grew = False
        for cs in classes.values():
            for c in cs:
                if c.name not in nodes and any(_base_name(b) in nodes for b in c.bases):
                    nodes.add(c.name)
                    grew = True
    decls = []
    for f, tree in trees.items():
        lines = files[f].splitlines()
        mine = []
        for s in tree.body:
            if isinstance(s, ast.ClassDef) and s.name in nodes:
                mine.append(Decl(f, "class", [s.name], [s.name], s, lines))
            elif calls := _row_calls(s):
                found = [n for c in calls for n in _row_nodes(c)]
                if not found:
                    print(f"warning: {f}:{s.lineno}: a {calls[0].func.id} whose node name is not a literal",
                          file=sys.stderr)
                    continue
                targets = [t.id for tgt in getattr(s, "targets", []) for t in ast.walk(tgt)
                           if isinstance(t, ast.Name)]
                mine.append(Decl(f, calls[0].func.id, found, targets + found, s, lines))
        # module-level functions tied to exactly one declaration of this module
        funcs = [s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for fn in funcs:
            reads = _names(fn)
            tied = [d for d in mine if fn.name in d.reads or reads & d.aliases]
            if len(tied) == 1:
                tied[0].spans.append(_span(fn))
        decls.extend(mine)
    return decls


def compare(base, new):
    old, now = declarations(sources(base)), declarations(sources(new))
    old_nodes = {n for d in old for n in d.nodes}
    new_nodes = {n for d in now for n in d.nodes}
    common = old_nodes & new_nodes
    by_node_old = defaultdict(list)
    for d in old:
        for n in d.nodes:
            by_node_old[n].append(d)
    rows, seen_old = [], set()
    for d in now:
        if not d.nodes & common:
            continue
        then = []
        for n in sorted(d.nodes & common):
            for o in by_node_old[n]:
                if id(o) not in seen_old:
                    seen_old.add(id(o))
                    then.append(o)
        rows.append((d, then))
    return rows, common, old_nodes, new_nodes


def _pct(a, b):
    return f"{(b - a) / a * 100:+.1f}%" if a else "—"


def main(argv):
    listing = "--list" in argv
    args = [a for a in argv if a != "--list"]
    base = args[0] if args else DEFAULT_BASE
    new = args[1] if len(args) > 1 else None
    rows, common, old_nodes, new_nodes = compare(base, new)
    kinds = defaultdict(lambda: [0, 0, 0, 0, 0])  # ops, old phys, old text, new phys, new text
    for d, then in rows:
        k = kinds[d.kind]
        k[0] += len(d.nodes & common)
        for o in then:
            p, t = o.count()
            k[1] += p
            k[2] += t
        p, t = d.count()
        k[3] += p
        k[4] += t
        if listing:
            op = sum(o.count()[0] for o in then)
            print(f"{d.kind:11} {','.join(sorted(d.nodes & common)):50} {op:5} -> {p:4}  ({d.file})")
    label = new or "working tree"
    print(f"ops under {OPS}/ declared at {base} and in {label}: {len(common)} in both "
          f"({len(old_nodes)} then, {len(new_nodes)} now)\n")
    print(f"| declared now as | ops | lines at {base} | lines now | change |")
    print("|---|---:|---:|---:|---:|")
    total = [0, 0, 0, 0, 0]
    for kind in ("row", "binary_row", "reduction", "shape_row", "class"):
        if kind not in kinds:
            continue
        k = kinds[kind]
        total = [a + b for a, b in zip(total, k)]
        print(f"| {kind} | {k[0]} | {k[1]} ({k[2]}) | {k[3]} ({k[4]}) | {_pct(k[1], k[3])} ({_pct(k[2], k[4])}) |")
    print(f"| **all** | {total[0]} | {total[1]} ({total[2]}) | {total[3]} ({total[4]}) | "
          f"**{_pct(total[1], total[3])}** ({_pct(total[2], total[4])}) |")
    rowk = [sum(kinds[k][i] for k in kinds if k != "class") for i in range(5)]
    print(f"\nops declared as rows now: {rowk[0]}, {rowk[1]} -> {rowk[3]} lines ({_pct(rowk[1], rowk[3])}; "
          f"non-blank {rowk[2]} -> {rowk[4]}, {_pct(rowk[2], rowk[4])})")
    # what the rows stand on, counted on neither side above
    machinery = {f: len(src.splitlines()) for f, src in sources(new).items() if f.startswith("table")}
    print("the table machinery the rows are generated by (not counted above): "
          + ", ".join(f"{f} {n}" for f, n in sorted(machinery.items())) + f" = {sum(machinery.values())} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
