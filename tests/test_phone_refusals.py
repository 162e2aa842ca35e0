"""A phone's press is checked once, by the engine: its refusal goes back to that phone, and the page
takes the table's numbers (most cards to pick, most dice to keep) from the state it is sent."""

from __future__ import annotations

from phones import EVENING, Phones, app, mixed_table, wait_for

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.ui.lang import t

__all__ = ["app"]  # the shared fixture (tests/phones.py)

DT = EVENING.dt


def test_a_phones_fako_with_other_cards_is_refused_by_the_engine_in_its_words(app):
    rules = Rules.kamu(players=3, jokers=True, challenge_window=1.0)
    _scene, table = mixed_table(app, ["7P 8P", "*F 7T 9P", "9T UP"], first=1, rules=rules)
    app.phones.open({1: "Ana"})
    assert wait_for(lambda: app.phones.phase == "ready")
    phones = Phones()
    try:
        ana = phones.connect(1, app.phones.url(1))
        assert wait_for(lambda: ana.state is not None, 5, lambda: app.step(DT))
        assert ana.state["most_cards"] == 4  # the page picks as many as the table takes
        phones.send(1, {"t": "play", "cards": ["*F", "7T"]})  # the page leaves the rule to the table
        said = lambda: [m["text"] for m in ana.received if m["t"] == "notice"]  # noqa: E731
        assert wait_for(lambda: t("refusal.fako_not_alone", seat="Ana") in said(), 5, lambda: app.step(DT))
        assert table.hand_size(1) == 3 and table.last_call is None  # nothing was played
    finally:
        phones.close()
