"""Pure-Python programs: gradcalc prints (and fails) exactly as CPython does."""

import pytest

from interp_testutil import same_as_python

PROGRAMS = {
    # -- values and operators
    "arithmetic": "print(1 + 2 * 3, 7 // 2, -7 // 2, 7 % 3, -7 % 3, 2 ** 10, 2 ** -1, 7 / 2, -2 ** 2)",
    "floats": "print(0.1 + 0.2, 1e300 * 10, 3.0 // 2, 5.5 % 2, round(2.675, 2), round(2.5), round(3.5))",
    "bitwise": "print(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 10, 1024 >> 3, True + True)",
    "strings": "s = 'abc'\nprint(s * 2, s + 'd', s[1], s[-1], s[::-1], s[1:], 'b' in s, len(s), s.upper())",
    "string methods": "print('a,b,,c'.split(','), '  x '.strip(), '-'.join(['a', 'b']), 'abc'.replace('b', 'B'),"
                      " 'abc'.startswith('a'), 'x'.center(5, '*'), 'Ab'.lower(), 'abcabc'.count('b'))",
    "str.format": "print('{} {:.2f} {x}'.format(1, 2.5, x='y'), '{0}{1}{0}'.format(1, 2), '{:>5}|{:<3}|'.format('a', 'b'))",
    "str.format index": "print('{0[1]} {1[0]}'.format([1, 2], 'xy'))",
    "percent format": "print('%d %s %.3f %r' % (1, 'a', 2.0, 'b'))",
    "fstrings": "x = 3.14159\nw = 8\nprint(f'{x:.2f}|{x:{w}.1f}|{x!r}|{\"s\"!s}|{x=}|{x = :.1f}|{1 + 1}')",
    "fstring nested quotes": "d = [1, 2]\nprint(f\"{d[0]}-{len(d)}-{'ok' if d else 'no'}\")",
    "truthiness": "for v in [0, 1, '', 'a', [], [0], (), None, 0.0, True]:\n    print(bool(v), not v)",
    "short circuit": "def t(x):\n    print('t', x)\n    return x\nprint(t(0) and t(1), t(1) or t(2), t(0) or t(''))",
    "chained comparisons": "def t(x):\n    print('t', x)\n    return x\nprint(1 < t(2) < 3, 1 < t(0) < t(5), 3 > 2 == 2 >= 1)",
    "is and in": "a = [1]\nb = a\nprint(a is b, a is not [1], 1 in a, 2 not in a, None is None)",
    "conditional expression": "x = 5\nprint('big' if x > 3 else 'small', 'big' if x > 10 else 'small')",
    "lists": "xs = [3, 1, 2]\nxs.append(4)\nxs.extend([5, 6])\nprint(xs.pop(), xs.pop(0), xs)\n"
             "xs.insert(1, 9)\nxs.remove(9)\nxs.sort()\nprint(xs, xs.index(3), xs.count(2))\nxs.reverse()\nprint(xs)",
    "list ops": "xs = [1, 2, 3, 4, 5]\nprint(xs[1:4], xs[::2], xs[-2:], xs + [6], [0] * 3, xs[::-2])\n"
                "xs[1:3] = [9]\nprint(xs)\ndel xs[0]\nprint(xs)",
    "tuples": "t = (1, 2, 3)\nprint(t, t[1], t + (4,), len(t), (1,), (), t.index(2), t.count(1))",
    "nested lists": "m = [[1, 2], [3, 4]]\nm[0][1] = 5\nprint(m, m[1][0], [r[0] for r in m])",
    "builtins": "print(len([1, 2]), abs(-3), min(3, 1, 2), max([1, 5, 2]), sum([1, 2, 3]), sum([1], 10),"
                " float('1.5'), int('12'), int(3.9), bool(0), str(12), list('ab'), tuple([1, 2]),"
                " list(zip([1, 2], 'ab')), list(enumerate('ab', 1)), isinstance(1, int),"
                " isinstance(1.0, (int, float)), min([3, 1], key=abs), list(range(2, 10, 3)))",
    "range": "r = range(5)\nprint(r, len(r), r[2], list(r[1:3]), 3 in r, r.start, r.stop, r.step)",
    # -- statements
    "tuple unpacking": "a, b = 1, 2\na, b = b, a\n(c, d), e = (3, 4), 5\nprint(a, b, c, d, e)",
    "starred unpacking": "a, *b = [1, 2, 3]\n*c, d = 'xyz'\ne, *f, g = range(5)\nprint(a, b, c, d, e, f, g)",
    "starred in displays": "xs = [1, 2]\nprint([0, *xs, 3], (*xs, *'ab'))",
    "for target unpacking": "for i, (a, b) in enumerate([(1, 2), (3, 4)]):\n    print(i, a, b)",
    "augmented assignment": "x = 10\nx += 5\nx -= 3\nx *= 2\nx //= 5\nx **= 2\nx %= 7\nx /= 2\nprint(x)\n"
                            "xs = [1]\nys = xs\nxs += [2]\nprint(xs, ys, xs is ys)\n"
                            "s = 'a'\ns += 'b'\nprint(s)\nm = [[1]]\nm[0][0] += 4\nprint(m)",
    "del": "x = 1\ny = [1, 2, 3]\ndel x, y[1]\nprint(y)\nprint(x)",
    "if elif else": "for x in [-1, 0, 1]:\n    if x < 0:\n        print('neg')\n    elif x == 0:\n        print('zero')\n"
                    "    else:\n        print('pos')",
    "while else break": "i = 0\nwhile i < 5:\n    i += 1\n    if i == 3:\n        continue\n    if i == 10:\n"
                        "        break\n    print(i)\nelse:\n    print('else', i)\nwhile True:\n    i -= 1\n"
                        "    if i < 2:\n        break\nprint(i)",
    "for else break": "for i in range(5):\n    if i == 2:\n        break\nelse:\n    print('no')\nfor i in []:\n"
                      "    pass\nelse:\n    print('empty else')\nprint(i)",
    "nested loops": "for i in range(3):\n    for j in range(3):\n        if j > i:\n            break\n"
                    "        print(i, j)",
    "pass and semicolons": "x = 1; y = 2; pass\nif x: pass\nprint(x + y)",
    "assert ok": "assert 1 + 1 == 2\nassert [1], 'never'\nprint('fine')",
    "assert fails": "assert 1 > 2, 'one is not more than ' + str(2)",
    "assert fails bare": "x = 0\nassert x",
    "multiple targets": "a = b = [1]\nb.append(2)\nprint(a, a is b)",
    # -- functions
    "def defaults keywords": "def f(a, b=2, *args, c, d=4, **kw):\n    return (a, b, args, c, d, kw)\n"
                             "print(f(1, c=3))\nprint(f(1, 2, 3, 4, c=5, e=6))\nprint(f(c=0, a=9, b=8))",
    "defaults evaluated once": "def f(x, acc=[]):\n    acc.append(x)\n    return acc\nf(1)\nprint(f(2))",
    "return none": "def f():\n    return\ndef g():\n    pass\nprint(f(), g())",
    "recursion": "def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\nprint(fact(20))",
    "lambda": "sq = lambda x: x * x\nadd = lambda a, b=10: a + b\nprint(sq(4), add(1), add(1, 2), (lambda: 7)())",
    "lambda in sort key": "xs = [(2, 'b'), (1, 'c'), (3, 'a')]\nxs.sort(key=lambda p: p[1])\nprint(xs)\n"
                          "print(max(xs, key=lambda p: p[0]))",
    "call with star args": "def f(*a, **k):\n    return a, k\nxs = [1, 2]\nprint(f(*xs, 3, *xs), f(0, *[], x=1))",
    "missing argument": "def f(a, b):\n    return a\nf(1)",
    "missing arguments": "def f(a, b, c):\n    return a\nf()",
    "too many arguments": "def f(a, b=1):\n    return a\nf(1, 2, 3)",
    "unexpected keyword": "def f(a):\n    return a\nf(a=1, b=2)",
    "multiple values": "def f(a):\n    return a\nf(1, a=2)",
    "keyword only missing": "def f(*, k):\n    return k\nf()",
    # -- scoping
    "closures": "def make(n):\n    def add(x):\n        return x + n\n    return add\nprint(make(1)(2), make(10)(5))",
    "closure sees later binding": "def outer():\n    def inner():\n        return v\n    v = 5\n    return inner()\n"
                                  "print(outer())",
    "nonlocal counter": "def counter():\n    c = 0\n    def inc():\n        nonlocal c\n        c += 1\n"
                        "        return c\n    return inc\nf = counter()\nf()\nf()\nprint(f())",
    "nonlocal through levels": "def a():\n    x = 1\n    def b():\n        def c():\n            nonlocal x\n"
                               "            x = 3\n        c()\n        return x\n    return b()\nprint(a())",
    "global": "g = 1\ndef f():\n    global g\n    g = 2\n    h = 3\nf()\nprint(g)",
    "global read": "g = 7\ndef f():\n    return g * 2\nprint(f())",
    "local shadows global": "x = 1\ndef f():\n    x = 2\n    return x\nprint(f(), x)",
    "unbound local": "x = 1\ndef f():\n    print(x)\n    x = 2\nf()",
    "free variable unbound": "def f():\n    def g():\n        return y\n    r = g()\n    y = 1\n    return r\nf()",
    "late binding closures": "fs = [lambda: i for i in range(3)]\nprint([f() for f in fs])",
    "default binds now": "fs = [lambda i=i: i for i in range(3)]\nprint([f() for f in fs])",
    "comprehension scope": "x = 'outer'\nys = [x for x in range(3)]\nprint(x, ys)",
    "comprehension in function": "def f(n):\n    k = 10\n    return [i * k for i in range(n) if i % 2]\nprint(f(6))",
    "nested comprehension": "print([(i, j) for i in range(3) for j in range(i) if i + j > 1])",
    "generator expression": "print(sum(i * i for i in range(10)), list(x for x in 'ab'), max(len(w) for w in ['a', 'bcd']))",
    "recursion through closure": "def outer():\n    def fib(n):\n        return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
                                 "    return fib(15)\nprint(outer())",
    "del local": "def f():\n    x = 1\n    del x\n    return x\nf()",
    # -- errors worded as Python
    "zero division": "print(1 / 0)",
    "int zero division": "print(1 // 0)",
    "modulo zero": "print(5 % 0)",
    "type error add": "print(1 + 'a')",
    "type error compare": "print([] < 1)",
    "index error": "print([1, 2][5])",
    "tuple index": "print((1,)[3])",
    "string index": "print('ab'[9])",
    "unpack too many": "a, b = [1, 2, 3]",
    "unpack too few": "a, b, c = [1, 2]",
    "unpack star too few": "a, *b, c = [1]",
    "unpack non iterable": "a, b = 1",
    "name error": "print(undefined_thing)",
    "not callable": "x = 1\nx()",
    "value error": "int('abc')",
    "pop empty": "[].pop()",
    "remove missing": "[1].remove(2)",
    "tuple assignment": "t = (1, 2)\nt[0] = 5",
    "str assignment": "s = 'ab'\ns[0] = 'c'",
    "not iterable": "for x in 5:\n    pass",
    "bad sum": "sum(['a', 'b'])",
    "len of int": "len(5)",
    "float conversion": "float('x')",
    "error after output": "print('before')\nx = [1][1]\nprint('after')",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_same_as_python(name):
    same_as_python(PROGRAMS[name])
