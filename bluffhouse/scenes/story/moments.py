"""A move of a record told in words with the whole truth: the call beside what was played.

Painters draw these lines; nothing here draws. The words come from the translation tables
(the table's and the duel's own phrasing of a call, a claim, a mood, a card).
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffhouse.game.records.story import Moment, Verdict
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.words import claim_words, mood_words
from bluffhouse.scenes.table.words import call_words, card_text
from bluffhouse.scenes.ui.lang import t

# How a line is marked: the painters choose its colour and badge by it.
LIE, TRUE, CAUGHT, CHALLENGE, PLAIN = "lie", "true", "caught", "challenge", "plain"


@dataclass(frozen=True, slots=True)
class Told:
    """One move in words: what was said or done, the truth of it, how it ended, and its mark."""

    said: str
    truth: str  # "" when there is nothing hidden to tell (a challenge, a mood)
    outcome: str  # "" when the move settled nothing
    mark: str  # LIE, TRUE, CAUGHT (a challenge that caught a lie), CHALLENGE, PLAIN
    short: str = ""  # how it ended in a word or two, for the story list


def dice_text(dice) -> str:
    """Five dice as their faces, highest first: "6 6 3 2 1"."""
    return " ".join(str(face) for face in sorted(dice, reverse=True))


_SHORT = {
    Verdict.CAUGHT: "caught",
    Verdict.TRUE: "true",
    Verdict.BAIT_TAKEN: "bait_taken",
    Verdict.BAIT_EXPOSED: "bait_exposed",
    Verdict.OPEN: "open",
}


def _short(moment: Moment) -> str:
    if moment.verdict is Verdict.PASSED:
        return t("story.short.got_away") if moment.lie else ""
    return t(f"story.short.{_SHORT[moment.verdict]}") if moment.verdict in _SHORT else ""


def _verdict(moment: Moment, names: list[str]) -> str:
    verdict = moment.verdict
    who = names[moment.challenged_by] if moment.challenged_by is not None else "?"
    if verdict is Verdict.PASSED:
        return t("story.verdict.got_away") if moment.lie else t("story.verdict.stood")
    if verdict is Verdict.CAUGHT:  # who challenged, and whose lie it was
        caller = names[moment.seat] if 0 <= moment.seat < len(names) else "?"
        return t("story.verdict.caught", name=who, caller=caller)
    if verdict is Verdict.TRUE:
        return t("story.verdict.true", name=who)
    if verdict is Verdict.BAIT_TAKEN:
        return t("story.verdict.bait_taken", name=who)
    if verdict is Verdict.BAIT_EXPOSED:
        return t("story.verdict.bait_exposed")
    if verdict is Verdict.OPEN:
        return t("story.verdict.open")
    return ""


def told(moment: Moment, rules: Rules, names: list[str]) -> Told:
    """The words of one move of a record."""
    name = names[moment.seat] if 0 <= moment.seat < len(names) else "?"
    kind = moment.kind
    if kind == "play":
        said = t("story.move.play", name=name, call=call_words(rules, len(moment.cards), moment.rank or ""))
        truth = t("story.really", what=", ".join(card_text(card) for card in moment.cards))
        mark = LIE if moment.lie else TRUE
        return Told(said, truth, _verdict(moment, names), mark, _short(moment))
    if kind == "propose":
        said = t("story.move.propose", name=name, claim=claim_words(moment.claim))
        truth = t("story.really", what=dice_text(moment.held))
        return Told(said, truth, _verdict(moment, names), LIE if moment.lie else TRUE, _short(moment))
    if kind == "challenge":
        caller = names[moment.caller] if moment.caller is not None else "?"
        said = t("story.move.challenge", name=name, caller=caller)
        if moment.truthful is False:
            outcome, mark = t("story.challenge.caught"), CAUGHT
        elif moment.truthful is True:
            outcome, mark = t("story.challenge.wrong"), CHALLENGE
        else:
            outcome, mark = "", CHALLENGE
        if moment.picked_up is not None and moment.cards_taken:
            taker = names[moment.picked_up]
            picks = t("story.picks_up", name=taker, n=moment.cards_taken)
            outcome = t("story.then", first=outcome, then=picks) if outcome else picks
        shorts: dict[bool | None, str] = {False: "story.challenge.caught", True: "story.challenge.wrong"}
        short = shorts.get(moment.truthful)
        return Told(said, "", outcome, mark, t(short) if short else "")
    if kind == "accept":
        return Told(t("story.move.accept", name=name), "", "", PLAIN)
    if kind == "declare":
        return Told(t("story.move.declare", name=name, mood=mood_words(moment.mood or "")), "", "", PLAIN)
    if kind == "reroll":
        rolled = dice_text(moment.rolled) if moment.rolled else ""
        said = t("story.move.reroll", name=name, n=5 - len(moment.keep))
        return Told(said, t("story.now", what=rolled) if rolled else "", "", PLAIN)
    return Told(name, "", "", PLAIN)


def percent(share: float) -> str:
    """A share as the language writes a percentage: "45%", "45 %"."""
    return t("story.percent", n=round(100 * share))
