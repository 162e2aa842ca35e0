"""docs/RULES.md, the rules in the box, agrees with the game: every house rule the set-ups offer is
in its tables with the set-up's own words, choices and defaults, and the numbers of the rules are the
engine's. The README points at it and at nothing outside the repository."""

import re
from pathlib import Path

import pytest

from bluffhouse.game.dice import CLAIM_COUNT
from bluffhouse.game.rules import Rules
from bluffhouse.game.table_setup import PLACE_POINTS
from bluffhouse.scenes.setup.model import LEVELS, OPTIONS, options_for
from bluffhouse.scenes.setup.options import value_text
from bluffhouse.scenes.ui.lang import set_language, t

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def english():
    """The document is in English: compare with the English tables."""
    set_language("en")


def table_under(heading: str) -> dict[str, list[str]]:
    """The first Markdown table after heading: first cell -> the other cells (its header left out)."""
    part = DOC.split(f"\n{heading}\n", 1)[1]
    lines = []
    for line in part.splitlines():
        if line.startswith("|"):
            lines.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif lines:
            break
    assert len(lines) > 2 and set(lines[1]) == {"---"}, f"no table under {heading}"
    return {cells[0]: cells[1:] for cells in lines[2:]}


def names_the_choices(cell: str, labels: list[str]) -> bool:
    """Words are listed one by one; a run of numbers as a range "1–10" (after "None, " if so)."""
    items = [item.strip() for item in cell.split(",")]
    numbers = [label for label in labels if label[:1].isdigit()]
    words = [label for label in labels if label not in numbers]
    if len(numbers) < 3:
        return all(label in items for label in labels)
    return all(word in items for word in words) and f"{numbers[0]}–{numbers[-1]}" in items


def test_every_option_of_the_card_set_ups_is_in_the_table_with_its_choices_and_defaults():
    rows = table_under("### Bullets and Kamu")
    assert set(rows) == {t(f"setup.opt.{name}") for name in OPTIONS}, (
        "docs/RULES.md's table under '### Bullets and Kamu' must have one row per option of the set-up "
        "(scenes/setup/model.py OPTIONS), named as the set-up names it: add or remove a row"
    )
    for name, (values, bullets, kamu) in OPTIONS.items():
        choices, in_bullets, in_kamu, what = rows[t(f"setup.opt.{name}")]
        assert names_the_choices(choices, [value_text(name, v) for v in values]), f"{name}: choices {choices}"
        assert in_bullets == ("—" if bullets is None else value_text(name, bullets)), name
        assert in_kamu == ("—" if kamu is None else value_text(name, kamu)), name
        assert len(what) > 30, name
    assert options_for("bullets") and options_for("kamu")


def test_every_choice_of_the_duel_set_up_is_in_its_table_with_the_screens_default(tmp_path):
    from bluffhouse.scenes.setup.duel import DuelSetupScene
    from bluffhouse.scenes.setup.model import DUEL_LEVELS, DUEL_MODES, DUEL_OPENINGS
    from bluffhouse.scenes.shell.app import App

    setup = DuelSetupScene(App(settings_file=tmp_path / "settings.json"))  # nothing remembered yet
    assert setup.phones in ("off", "both") and setup.coach in ("off", "both")  # not a person's name
    rows = table_under("### The dice duel")

    def labels(prefix, keys):
        return [t(f"{prefix}.{key}") for key in keys]

    three = ("off", "on", "both")
    expected = {  # the set-up's label -> (its choices, its default as the screen shows it)
        t("duel.setup.opponent"): (labels("duel.setup.mode", DUEL_MODES), t(f"duel.setup.mode.{setup.mode}")),
        t("duel.setup.level"): (
            labels("duel.setup.level", DUEL_LEVELS),
            t(f"duel.setup.level.{setup.level}"),
        ),
        t("duel.setup.phones"): (labels("duel.setup.phones", three), t(f"duel.setup.phones.{setup.phones}")),
        t("duel.setup.points"): ([str(n) for n in range(1, 10)], str(setup.points)),
        t("duel.setup.opening"): (
            labels("duel.setup.opening", DUEL_OPENINGS),
            t(f"duel.setup.opening.{setup.opening}"),
        ),
        t("duel.setup.coach"): (labels("duel.setup.coach", three), t(f"duel.setup.coach.{setup.coach}")),
    }
    assert set(rows) == set(expected), "docs/RULES.md's duel table must have one row per choice of its set-up"
    for label, (choices, default) in expected.items():
        cell, shown_default, what = rows[label]
        listed = [item.split(" (")[0] for item in cell.split(", ")]  # "On (or a player's name)"
        assert names_the_choices(", ".join(listed), choices), (label, cell)
        assert shown_default == default, label
        assert len(what) > 30, label
    assert setup.points == Rules.duel().points_to_win


def test_every_hand_size_the_deal_line_offers_is_in_its_table(tmp_path):
    from bluffhouse.game.rules import HAND_SIZES, QUICK_HAND, SHORT_HAND
    from bluffhouse.scenes.setup import deal
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.session import quick_setup

    rows = table_under("### Hand size")
    assert list(rows) == [deal.value_text(size) for size in HAND_SIZES], "one row per hand size, in order"
    assert all(len(what) > 20 for (what,) in rows.values())
    section = DOC.split("\n### Hand size\n", 1)[1].split("\n## ", 1)[0]
    assert f"**{deal.PROPOSE_FROM} people**" in section and f"**{deal.value_text(SHORT_HAND)}**" in section
    kamu = Rules.kamu(4)
    assert deal.default_hand("kamu", 4, kamu.cards, 0) == QUICK_HAND
    assert f"The Kamu set-up deals **{deal.value_text(QUICK_HAND)}**" in section
    # the house rules' opening names this exception instead of saying every default is the rule as written
    opening = DOC.split("\n## House rules\n", 1)[1].split("\n### ", 1)[0]
    assert "always the rule as written" not in opening
    assert "one exception: the [hand size](#hand-size)" in opening
    assert f"**{deal.value_text(QUICK_HAND)}**" in opening and f"**{deal.value_text(SHORT_HAND)}**" in opening

    assert quick_setup(App(settings_file=tmp_path / "settings.json")).rules.hand_size == QUICK_HAND
    assert f"quick hand of **{QUICK_HAND} cards each**" in DOC


def test_the_seats_and_every_computer_level_are_named():
    around = DOC.split("## Around the table", 1)[1].split("\n## ", 1)[0]
    for level in LEVELS:
        assert f"**{t(f'setup.level.{level}')}**" in around, f"name the {level} level under Around the table"
    for kind in ("setup.kind.person", "setup.kind.coach", "setup.kind.phone"):
        assert t(kind) in around, kind


def test_the_numbers_of_the_rules_are_the_engines():
    bullets, kamu, duel = Rules.bullets(), Rules.kamu(), Rules.duel()
    assert f"**{bullets.bullets_per_player} bullets**" in DOC
    assert f"A match is **{kamu.rounds} rounds**" in DOC
    first, second, third, fourth = PLACE_POINTS
    assert f"**1st place {first} points, 2nd {second}, 3rd {third}, 4th {fourth}**" in DOC
    assert f"first to **{duel.points_to_win} points**" in DOC
    assert f"exactly {CLAIM_COUNT} different propositions" in DOC
    assert f"({int(bullets.challenge_window)} seconds unless the set-up" in DOC
    for rank in ("VII", "VIII", "IX", "X", "Alsó", "Felső", "Király", "Ász"):
        assert rank in DOC


def test_the_readme_points_at_the_rules_and_at_nothing_outside_the_repository():
    assert "](docs/RULES.md)" in README
    assert "../" not in README
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README):
        if "://" not in target:
            assert (ROOT / target).exists(), target
