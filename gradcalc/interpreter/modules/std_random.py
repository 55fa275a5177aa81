"""``random`` (Python's own Mersenne Twister, so ``random.seed(0); random.random()`` is CPython's
number) and ``time`` (clocks, sleep, formatting).

random's module-level functions are the bound methods of CPython's hidden instance; the
language reaches none of their attributes (so not ``random._inst``), and ``shuffle``
remembers the list first (a failed statement puts it back). ``SystemRandom`` is left out.
"""

from __future__ import annotations

from . import module_of, register_type

RANDOM = """seed random uniform triangular randint randrange choice choices shuffle sample gauss normalvariate
lognormvariate expovariate vonmisesvariate gammavariate betavariate paretovariate weibullvariate getrandbits
binomialvariate getstate setstate Random""".split()

RANDOM_METHODS = [n for n in RANDOM if n != "Random"]


def random_module():
    import random

    from ..runtime import touch

    members = {n: getattr(random, n) for n in RANDOM if hasattr(random, n)}
    py_shuffle = random.shuffle

    def shuffle(x):
        """Shuffle list x in place, and return None."""
        touch(x)
        return py_shuffle(x)

    members["shuffle"] = _named(shuffle, "shuffle", py_shuffle)
    register_type(random.Random, [n for n in RANDOM_METHODS if hasattr(random.Random, n)])
    return module_of("random", members)


def _named(fn, name, like):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = like.__doc__
    return fn


TIME = """time time_ns perf_counter perf_counter_ns monotonic monotonic_ns process_time process_time_ns sleep
strftime strptime localtime gmtime ctime asctime mktime struct_time timezone altzone daylight tzname""".split()

STRUCT_TIME = ("tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday", "tm_isdst",
               "tm_zone", "tm_gmtoff", "index", "count")


def time_module():
    import time

    register_type(time.struct_time, STRUCT_TIME)
    members = {n: getattr(time, n) for n in TIME if hasattr(time, n)}
    members["sleep"] = _sleep(time)
    return module_of("time", members)


def _sleep(time):
    from ..runtime import RUNNING_FLAG, raise_stop

    def sleep(seconds):
        """sleep(seconds)

        Delay execution for a given number of seconds (Ctrl-C and --timeout stop it)."""
        if not isinstance(seconds, (int, float)) or seconds < 0:
            return time.sleep(seconds)  # Python's own TypeError / ValueError
        flag = RUNNING_FLAG[0]
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(left, 0.05))
            if flag is not None and flag[0] is not None:
                raise_stop(flag)

    return _named(sleep, "sleep", time.sleep)
