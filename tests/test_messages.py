"""Words kept as data and told when drawn (scenes/shell/messages.py): one machinery for both games."""

from __future__ import annotations

import pytest

from bluffhouse.game.events import BulletLost, Challenged, Won
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.shell.messages import GameLog, Lazy, Message, Name, Named, message, said, you_key
from bluffhouse.scenes.table.words import log_line
from bluffhouse.scenes.ui import lang


@pytest.fixture(autouse=True)
def _english_after():
    lang.set_language("en")
    yield
    lang.set_language("en")


def test_a_message_is_told_in_the_language_of_the_moment():
    words = message("refusal.no_bullets", seat="Ana")
    assert words.text() == "Ana has no bullets left"
    lang.set_language("fr")
    assert words.text() == "Ana n’a plus de balles"
    assert said(None) == "" and said("Ana") == "Ana"


def test_fields_that_are_words_are_told_too_and_fractions_take_the_decimal_mark():
    nested = message("setup.key_taken", button="Q", name="Ben", role=message("setup.role.peek"))
    wait = Message("table.msg.window_open", (("wait", 1.5),))
    lazy = Lazy(lang.t, ("menu.quit",))
    assert "peek key" in nested.text() and "1.5" in wait.text() and lazy.text() == "Quit"
    lang.set_language("hu")
    assert "kukucsbillentyű" in nested.text() and "1,5" in wait.text() and lazy.text() == "Kilépés"


def test_names_are_read_when_drawn_so_a_default_name_follows_the_language():
    names = ["Player 1", "Ben"]
    kept = message("refusal.not_your_turn", seat=Name(names, 0), turn=Name(names, 1))
    flows = Named(message("refusal.no_bullets", seat="Player 1"), names)  # a name as a flow wrote it
    names[0] = "Joueur 1"  # the language changed: the screen's list is changed in place
    assert kept.text().startswith("Joueur 1,") and flows.text().startswith("Joueur 1 ")
    assert Name(names, 7).text() == "?"
    assert you_key("refusal.no_bullets", True) == "refusal.no_bullets.you"
    assert you_key("refusal.no_bullets", False) == "refusal.no_bullets"


def test_the_game_log_keeps_events_and_tells_them_again_after_a_switch():
    names = ["Ana", "Ben", "Cleo"]
    rules = Rules.kamu(3)
    log = GameLog(
        lambda event: log_line(event, names, rules), limit=3, context=lambda: (lang.version, tuple(names))
    )
    assert log.add(Challenged(challenger=1, caller=0, held=False, bait=False), "blue")
    assert not log.add(object())  # nothing worth a line: not kept
    log.add(BulletLost(seat=1, bullets_left=0))
    assert log.lines()[0] == ("Ben called “Kamu!” on Ana.", "blue")
    assert log.last()[0] == "Ben loses a bullet (none left)."
    lang.set_language("hu")
    assert [text for text, _ in log] == ["Ben: „Kamu!” – vádlott: Ana.", "Ben elveszíti az utolsó golyóját."]
    for _ in range(5):
        log.add(Won(seat=2, ranking=()))
    assert len(log) == 3 and len(log.lines()) == 3 and log[-1][0] == "Cleo nyert!"
    names[2] = "Cili"  # a name changed: the lines are told again
    assert log[-1][0] == "Cili nyert!"
