"""A Hypothesis property in both tiers: a few examples in `make test`, the full count in a heavy
sibling (`make test-heavy`) that draws from the same strategies and asserts the same things.

    @in_both_tiers(FUZZ, 30, t=positions)
    def test_x(t): ...

gives `test_x` (30 examples) and, in the same module, `test_x_in_full` marked heavy (FUZZ's count).
"""

import sys

import pytest
from hypothesis import given, settings


def in_both_tiers(full: settings, fast: int, *strategies, **named_strategies):
    if not 0 < fast < full.max_examples:
        raise ValueError(f"the fast tier's {fast} examples are not fewer than {full.max_examples}")

    def both(prop):
        quick = settings(full, max_examples=fast)(given(*strategies, **named_strategies)(prop))
        whole = settings(full)(given(*strategies, **named_strategies)(prop))
        setattr(sys.modules[prop.__module__], f"{prop.__name__}_in_full", pytest.mark.heavy(whole))
        return quick

    return both
