"""Limits: each a clear error, the session intact afterwards."""

import pytest

from gradcalc.engine import limits
from interp_testutil import Run


def test_tensor_size_limit():
    r = Run(max_elements=1000)
    err = r.error("big = ones(100, 100)")
    assert err.kind == "RuntimeError" and "more than the limit of 1,000" in err.message
    assert "--max-elements" in err.message
    assert r("small = ones(10, 10)\nprint(small.numel())") == "100\n"


def test_tensor_size_limit_applies_per_session():
    Run(max_elements=10)("x = 1")
    assert Run()("print(ones(100).numel())") == "100\n"
    assert limits.get_max_elements() == limits.DEFAULT_MAX_ELEMENTS


def test_list_repetition_held_to_the_element_limit():
    err = Run(max_elements=1000).error("xs = [0] * 10**10")
    assert err.kind == "MemoryError" and "limit" in err.message


def test_huge_integer_refused():
    err = Run().error("n = 2 ** 10**9")
    assert err.kind == "OverflowError"
    assert Run().error("n = 1 << 10**10").kind == "OverflowError"
    assert Run()("print(2 ** 100)") == "1267650600228229401496703205376\n"


def test_user_recursion_limit():
    r = Run(max_depth=50)
    r("def down(n):\n    return 0 if n == 0 else 1 + down(n - 1)")
    assert r("print(down(45))") == "45\n"
    err = r.error("down(60)")
    assert err.kind == "RecursionError" and err.message == "maximum recursion depth exceeded"
    assert "[Previous line repeated" in err.render()
    assert r("print(down(10))") == "10\n"


def test_default_recursion_limit_hits_before_python():
    r = Run()
    r("def f(n):\n    return f(n + 1) + (1 + (2 * (3 - (4 + (5 + n)))))")
    err = r.error("f(0)")
    assert err.kind == "RecursionError" and err.message == "maximum recursion depth exceeded"
    assert len(err.frames) == 1001  # <module> plus the 1000 calls that fit
    r("def g(n):\n    return 0 if n == 0 else g(n - 1)")
    assert r("print(g(990))") == "0\n"


def test_mutual_recursion_through_lambdas():
    r = Run(max_depth=100)
    err = r.error("even = lambda n: True if n == 0 else odd(n - 1)\nodd = lambda n: False if n == 0 else even(n - 1)\n"
                  "even(1000)")
    assert err.kind == "RecursionError"
    assert r("print(even(20))") == "True\n"


def test_deeply_nested_expression_within_parser_limit():
    depth = 900
    assert Run()("print(" + "-(" * depth + "1" + ")" * depth + ")") == "1\n"
    assert Run()("x = " + "[" * depth + "]" * depth + "\nprint(len(x))") == "1\n"
    assert Run()("print(" + "1 + " * depth + "1)") == f"{depth + 1}\n"


def test_too_deeply_nested_expression_is_a_syntax_error():
    assert Run()("x = " + "(" * 10000 + "1" + ")" * 10000 + "\nprint(x)") == "1\n"  # brackets make no node
    err = Run().error("x = " + "-" * 10000 + "1")
    assert err.kind == "SyntaxError" and "nested" in err.message


def test_timeout():
    r = Run(timeout=0.2)
    err = r.error("n = 0\nwhile True:\n    n += 1")
    assert err.kind == "TimeoutError"
    assert err.line in (2, 3)  # wherever the loop was when time ran out
    assert r("print(n)") == "0\n"  # the first statement ran, the loop was undone


def test_timeout_inside_function_and_comprehension():
    r = Run(timeout=0.2)
    err = r.error("def spin():\n    return [i for i in range(10**9)]\nspin()")
    assert err.kind == "TimeoutError"
    assert [f[2] for f in err.frames] == ["<module>", "spin"]


def test_timeout_in_generator_consumed_by_builtin():
    err = Run(timeout=0.2).error("s = sum(i for i in range(10**10))")
    assert err.kind == "TimeoutError" and err.line == 1


def test_interrupt_requested_before_a_run_is_not_kept():
    r = Run()
    r.session.interrupt()
    assert r("print(1)") == "1\n"


@pytest.mark.parametrize("source,kind", [
    ('s = "ab"\ns *= 10**9', "MemoryError"),           # augmented repetition is limited like s = s * n
    ("n = 2\nn **= 10**9", "OverflowError"),
    ("[0] * tensor(10**9)", "MemoryError"),           # the count may be an int tensor
])
def test_limits_hold_for_every_spelling(source, kind):
    from gradcalc.interpreter import Session, UserError
    with pytest.raises(UserError) as e:
        Session().run(source)
    assert e.value.kind == kind


def test_arrays_from_numpy_share_memory_and_a_failed_statement_undoes_writes():
    from gradcalc.interpreter import Session, UserError
    s = Session()
    s.run("x = ones(2)\na = x.numpy()\na += 1")
    assert s.namespace["x"].tolist() == [2.0, 2.0]  # as in torch: the array is the tensor's memory
    with pytest.raises(UserError) as e:
        s.run("for i in range(1):\n    a += 1\n    a[0] = 7\n    x.add_(1)\n    1 / 0")
    assert e.value.kind == "ZeroDivisionError"
    assert s.namespace["x"].tolist() == [2.0, 2.0]
    with pytest.raises(UserError) as e:  # the other order: the tensor first, then the array
        s.run("for i in range(1):\n    x.add_(1)\n    a += 1\n    a[0] = 7\n    1 / 0")
    assert e.value.kind == "ZeroDivisionError"
    assert s.namespace["x"].tolist() == [2.0, 2.0]
    l = [1]
    s.set("l", l)
    s.run("m = l\nl *= 3")
    assert s.namespace["m"] == [1, 1, 1]  # list *= stays in place, as in Python
