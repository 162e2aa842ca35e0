"""The phone page decides in one place whether each button may be pressed (the fast sibling of
test_phone_duel_page.py, which taps a whole duel on the real page in Chromium).

Issue 31: the page disabled every button while its link was down and each drawing re-enabled the
buttons it thought of — never the duel's "Next round". Now phone.js keeps one table of rules,
MAY (a button's id, or its data-may for the many it makes: cards, dice, moods, kinds), and one
function, settle(), sets every button's disabled state from it at the end of every drawing. These
checks read the page's source: every button of index.html and every button the script makes has
a rule; nothing else sets `.disabled`; the game's drawings are reached through render() only.
"""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parent.parent / "bluffhouse" / "assets" / "phone"
SCRIPT = (PAGE / "phone.js").read_text(encoding="utf-8")
HTML = (PAGE / "index.html").read_text(encoding="utf-8")


def body(name: str, source: str = SCRIPT) -> str:
    """The text of `function name(...) { ... }` (braces counted)."""
    start = source.index(f"function {name}(")
    depth, at = 0, source.index("{", start)
    for index in range(at, len(source)):
        depth += {"{": 1, "}": -1}.get(source[index], 0)
        if depth == 0:
            return source[at : index + 1]
    raise AssertionError(f"{name} never ends")


def rules(source: str = SCRIPT) -> set[str]:
    """The names of MAY's rules."""
    table = source[source.index("var MAY = {") :]
    table = table[: table.index("\n  };")]
    return set(re.findall(r"^    (\w+): function", table, re.MULTILINE))


def test_every_button_of_the_page_has_one_rule():
    named = rules()
    assert {"play", "challenge", "propose", "next", "again", "reroll", "card", "die"} <= named
    pressable = HTML[HTML.index("<main") : HTML.index("</footer>")]
    ids = re.findall(r'<button id="(\w+)"', pressable)
    assert len(ids) >= 9 and set(ids) <= named, set(ids) - named
    made = len(re.findall(r'el\("button"|, "button"\)', SCRIPT))  # el("button", …), cardNode(c, "button")…
    marked = re.findall(r'\.dataset\.may = "(\w+)"', SCRIPT)
    assert made == len(marked) == 5 and set(marked) <= named


def test_only_settle_sets_a_buttons_disabled_state_and_every_drawing_ends_in_it():
    assert len(re.findall(r"\.disabled\s*=(?!=)", SCRIPT)) == 1
    assert re.search(r"\.disabled\s*=(?!=)", body("settle"))
    assert "up &&" in body("settle")  # without a live link no button may be pressed
    render = body("render")
    assert render.rstrip("}\n ").endswith("settle();")  # the last thing every drawing does
    drawings = ("drawCards", "drawDuel", "drawResults", "drawBuilder", "drawPlayers", "drawLog")
    outside = SCRIPT.replace(render, "").replace(body("drawDuel"), "").replace(body("drawCards"), "")
    for name in drawings:
        calls = re.findall(rf"(?<!function ){name}\(", outside)
        assert calls == [], f"{name} is drawn outside render(): its buttons would not be settled"
    countdown = SCRIPT[SCRIPT.index("// the challenge window's countdown") :]
    assert "drawCardButtons();\n      settle();" in countdown  # the Play button's wait, settled too


def test_the_checks_see_a_second_place_and_a_missing_rule():
    second = SCRIPT.replace(
        '$("next").textContent = state.over',
        '$("next").disabled = false;\n    $("next").textContent = state.over',
    )
    assert len(re.findall(r"\.disabled\s*=(?!=)", second)) == 2
    assert "next" not in rules(SCRIPT.replace("    next: function", "    nxt: function"))
    assert body("settle", "function settle() { if (a) { b(); } }") == "{ if (a) { b(); } }"
