"""Dates, times and durations in each language's own format (issue 35): the History wrote
"2023-11-14 22:13" in every language and rounded a 3-minute match down to "2 minutes"."""

from __future__ import annotations

import time

import pytest

from bluffhouse.game.records.queries import LONG_PAUSE, HistoryRow
from bluffhouse.scenes.ui.dates import duration, full_date, when
from bluffhouse.scenes.ui.lang import set_language


@pytest.fixture(autouse=True)
def budapest(monkeypatch):
    """Local time is fixed (the tests read the words of a known moment), English after."""
    monkeypatch.setenv("TZ", "Europe/Budapest")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
    set_language("en")


def moment(year: int, month: int, day: int, hour: int, minute: int) -> float:
    return time.mktime((year, month, day, hour, minute, 0, 0, 0, -1))


PLAYED = {  # the same four games, in the words of each language
    "en": ["today, 22:13", "yesterday, 9:05", "1 Feb, 20:00", "14 Nov 2023"],
    "es": ["hoy, 22:13", "ayer, 9:05", "1 feb, 20:00", "14 nov 2023"],
    "fr": ["aujourd’hui, 22:13", "hier, 9:05", "1er févr., 20:00", "14 nov. 2023"],
    "hu": ["ma 22:13", "tegnap 9:05", "febr. 1. 20:00", "2023. nov. 14."],
}


@pytest.mark.parametrize("language", sorted(PLAYED))
def test_a_game_is_dated_as_the_language_writes_dates(language):
    set_language(language)
    games = (
        moment(2024, 3, 9, 22, 13),
        moment(2024, 3, 8, 9, 5),
        moment(2024, 2, 1, 20, 0),
        moment(2023, 11, 14, 22, 13),
    )
    now = moment(2024, 3, 9, 23, 30)  # (local time: made once the fixture has set it)
    assert [when(game, now) for game in games] == PLAYED[language]
    assert when(moment(2024, 3, 9, 0, 1), now).endswith("0:01")  # just after midnight: still today


WHOLE = {
    "en": "14 November 2023 at 22:13",
    "es": "14 de noviembre de 2023, 22:13",
    "fr": "14 novembre 2023 à 22:13",
    "hu": "2023. november 14. 22:13",
}


@pytest.mark.parametrize("language", sorted(WHOLE))
def test_the_delete_question_says_the_whole_date(language):
    set_language(language)
    assert full_date(moment(2023, 11, 14, 22, 13)) == WHOLE[language]


SPOKEN = {  # seconds: what a person says, in English and Hungarian
    20: ("under a minute", "egy percnél rövidebb"),
    50: ("one minute", "egy perc"),
    149: ("2 minutes", "2 perc"),
    150: ("3 minutes", "3 perc"),
    170: ("3 minutes", "3 perc"),
    59 * 60 + 20: ("59 minutes", "59 perc"),
    3600 + 26 * 60: ("1 h 25 min", "1 óra 25 perc"),
    3600 + 28 * 60: ("1 h 30 min", "1 óra 30 perc"),
    2 * 3600 + 60: ("2 hours", "2 óra"),
    3600: ("one hour", "egy óra"),
}


def test_durations_are_rounded_as_a_person_says_them():
    for language, column in (("en", 0), ("hu", 1)):
        set_language(language)
        assert {seconds: duration(seconds) for seconds in SPOKEN} == {
            seconds: said[column] for seconds, said in SPOKEN.items()
        }
    set_language("fr")
    assert [duration(s) for s in (10, 60, 180, 3600 + 25 * 60)] == [
        "moins d’une minute",
        "1 minute",
        "3 minutes",
        "1 h 25",
    ]
    set_language("es")
    assert duration(float("nan")) == duration(-5) == "menos de un minuto"


def row(seconds: float, clock: int) -> HistoryRow:
    started = 1_700_000_000
    return HistoryRow(1, "duel", started, seconds, "finished", 5, 40, (), (), saved=started + clock)


def test_a_game_lasts_as_long_as_the_people_lived_it():
    # A duel match of five rounds: its moves' game time leaves out every verdict shown and the
    # wait for the next round; the clock from its deal to its last move is what people lived.
    assert row(140.0, 175).length == 175.0
    set_language("en")
    assert duration(row(140.0, 175).length) == "3 minutes"  # (its moves alone: "2 minutes")
    assert row(140.0, 130).length == 140.0  # a clock behind the game time is not trusted
    assert row(140.0, 140 + LONG_PAUSE + 1).length == 140.0  # a long break is not playing
    assert row(140.0, -5).length == 140.0  # never saved (an old row): its game time
