"""What each seat did in one record: the raw material of the stats, worked out from its story.

- calls: calls made (the duel: propositions); lies: those that were not true
- lies_passed: lies nobody challenged (a Fakó turned up did not pass); caught: lies challenged
- challenges, challenges_won: challenges made and those that exposed a lie
- wrongly_accused: true calls of this seat that somebody challenged
- bold: the boldest lie that passed (cards not of the rank called; the duel: claims between the
  dice held and the dice announced), with bold_text saying what it was
- ranks: the favourite rank's material: cards of each rank really played (the duel: the kinds
  of hand proposed)
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from bluffhouse.game.dice import hand_value
from bluffhouse.game.records.check import Story
from bluffhouse.game.records.record import Status
from bluffhouse.game.records.story import Moment, Verdict


@dataclass(slots=True)
class Figures:
    """One seat's figures in one record."""

    seat: int
    played: bool = False  # the record was finished (games and wins count only those)
    won: bool = False
    calls: int = 0
    lies: int = 0
    lies_passed: int = 0
    caught: int = 0
    challenges: int = 0
    challenges_won: int = 0
    wrongly_accused: int = 0
    bold: int = 0
    bold_text: str = ""
    ranks: Counter[str] = field(default_factory=Counter)


def _bold_text(moment: Moment) -> str:
    """The boldest lie as data for the screen: the rank and cards, or the claim and the dice."""
    if moment.claim is not None:
        held = moment.held or ()  # (a proposition has its dice)
        return json.dumps({"claim": "".join(map(str, moment.claim)), "held": "".join(map(str, held))})
    return json.dumps({"rank": moment.rank, "cards": " ".join(map(str, moment.cards))})


def _favourite_material(moment: Moment, ranks: Counter[str]) -> None:
    if moment.claim is not None:
        ranks[hand_value(moment.claim).category.name.lower()] += 1
    else:
        ranks.update(card.rank for card in moment.cards if not card.is_joker)


def figures(story: Story) -> list[Figures]:
    """Every seat's figures in a checked record."""
    record = story.record
    rows = [Figures(seat) for seat in range(record.rules.players)]
    finished = record.status is Status.FINISHED
    for row in rows:
        row.played = finished
        row.won = finished and row.seat in record.winners
    for moment in story.moments:
        mine = rows[moment.seat]
        if moment.is_call:
            mine.calls += 1
            _favourite_material(moment, mine.ranks)
            if moment.lie:
                mine.lies += 1
                if moment.got_away:
                    mine.lies_passed += 1
                    bold = moment.boldness
                    if bold > mine.bold:
                        mine.bold, mine.bold_text = bold, _bold_text(moment)
            if moment.verdict is Verdict.CAUGHT:
                mine.caught += 1
            elif moment.verdict is Verdict.TRUE:
                mine.wrongly_accused += 1
        elif moment.is_challenge:
            mine.challenges += 1
            if moment.truthful is False:
                mine.challenges_won += 1
    return rows
