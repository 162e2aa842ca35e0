"""Tests use only public names: no test reads or writes what starts with an underscore.

The engines' whole truth is public where a test needs it (Table.hand, pile_cards,
set_aside_cards, history_size, redealt_hidden, snapshot(), clone()); a test that reaches for
`_hands` or `_rng` instead breaks the day the inside changes and proves nothing about what the
engine promises. The rule is simple and exact: no attribute `x._name` (dunders such as
`__name__` are Python's, not private), no `_name` in an import, no "_name" handed to getattr,
setattr, hasattr, delattr or monkeypatch.setattr, anywhere under tests/, except below.
"""

import ast
import re
from pathlib import Path

from sources import scan

TESTS = Path(__file__).resolve().parent

# Each allowed private name, as `object.attribute`, and why no public way is wanted for it.
ALLOWED: dict[str, str] = {
    # scenes.text's memory of font files that failed to load: the asset tests empty it so that
    # each damaged font warns afresh (a cache reset of the screens' text module, not game state).
    "text._font_trouble": "test_assets resets the font-trouble memo between damaged fonts",
    # scenes.lang's translator records every key it was asked for and could not find: the
    # screen tests read that record to prove no text of theirs falls back to its key.
    "lang._translator": "test_menu and test_table_scene read the translator's missing keys",
}

REFLECTION = {"getattr", "setattr", "hasattr", "delattr"}
# Text without any of these cannot hold a private use, and is not parsed (most test files: parsing
# them all was most of this test's CPU): a dot before an underscore name that is not a dunder, an
# import list with an underscore name in it, a string that is or ends in one ("_x", "m._x"), or a
# string escape that spells "_" (\x5f, \u005f, \U0000005f, \137, \N{...}).
MAYBE_PRIVATE = re.compile(
    r"\.[\s\\]*_(?!_\w*__\b)|import\s*\(?\s*_|,\s*_\w|['\"](?:\w*\.)*_"
    r"|\\(?:x5[fF]|u005[fF]|U0000005[fF]|137|N\{)"
)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dotted(node: ast.Attribute) -> str:
    owner = node.value.id if isinstance(node.value, ast.Name) else "…"
    return f"{owner}.{node.attr}"


def private_uses(source: str, filename: str = "<test>") -> list[str]:
    """Every use of a private name in `source` that the allow-list does not name, as "line: what"."""
    found = []
    if not MAYBE_PRIVATE.search(source):
        return found
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            if _dotted(node) not in ALLOWED:
                found.append(f"{node.lineno}: {_dotted(node)}")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in REFLECTION:
                continue
            for arg in node.args[:2]:
                if isinstance(arg, ast.Constant) and type(arg.value) is str:
                    if any(_private(part) for part in arg.value.split(".")):
                        found.append(f"{node.lineno}: {name}({arg.value!r})")
    return sorted(found, key=lambda use: int(use.split(":")[0]))


def private_uses_of(path: Path) -> list[str]:
    """private_uses() of the file at path."""
    return private_uses(path.read_text(encoding="utf-8"), str(path))


def test_no_test_touches_private_state():
    files = sorted(TESTS.rglob("*.py"))
    assert len(files) > 40, "the scan found no tests"
    offenders = {
        str(path.relative_to(TESTS)): uses
        for path in files
        if (uses := scan(path, private_uses_of))  # kept between runs while the file is the same
    }
    assert offenders == {}


def test_the_scan_sees_every_kind_of_private_use():
    source = "\n".join(
        [
            "from bluffhouse.game.duel_view import _Legality",
            "t._pile.append(card)",
            "assert twin._rng is not duel._rng",
            "self._check(x)",
            "getattr(t, '_hands')",
            "monkeypatch.setattr('bluffhouse.scenes.ui.text._translator', None)",
            "monkeypatch.setattr(table, '_views', {})",
        ]
    )
    assert [use.split(": ")[0] for use in private_uses(source)] == ["1", "2", "3", "3", "4", "5", "6", "7"]
    for line in source.split("\n") + ["from m import (\n    a,\n    _b,\n)", "t.\\\n_x", "u.__mangled"]:
        assert private_uses(line), line  # each found alone too: none is skipped unparsed


def test_a_source_left_unparsed_has_no_private_name_however_it_is_written():
    # each is a private use written so that "_" never starts a word of the text
    for source in [
        "getattr(t, '\\x5fhands')",
        "getattr(t, '\\u005fhands')",
        "getattr(t, '\\137hands')",
        "getattr(t, '\\N{LOW LINE}hands')",
        "t . _pile",
        "t.\\\n_pile",
    ]:
        assert private_uses(source) != [], source
    for source in ["x = obj.__class__.__name__", "def f(self):\n    return super().__init__()", "a_b.c_d"]:
        assert not MAYBE_PRIVATE.search(source) and private_uses(source) == [], source


def test_the_scan_lets_public_names_dunders_and_the_allow_list_pass():
    source = "\n".join(
        [
            "t.pile_cards(); t.hand(0); Table.__name__; type(t).__slots__",
            "_helper(t); lang._translator.missing; text._font_trouble.clear()",
            "getattr(t, 'turn'); monkeypatch.setattr('bluffhouse.scenes.ui.text.font', f)",
        ]
    )
    assert private_uses(source) == []
