"""Pieces of art a screen may want built ahead of need: (key, kind, build) triples for the
warm-up queue (scenes/shell/warmup.py), through the art modules' own builders. This module knows
no screen: each screen picks the pieces and the sizes it draws (its `art_wanted()`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial

from bluffhouse.game.cards import Card, Deck, french_deck, hungarian_deck
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.art import dice as art_dice
from bluffhouse.scenes.art import furniture as art_table
from bluffhouse.scenes.art.faces import card_face
from bluffhouse.scenes.art.kinds import AT_ENTRY as AT_ENTRY  # re-exported: the screens' art wants
from bluffhouse.scenes.art.kinds import Wanted as Wanted

FELT_SIZE = (1280, 720)  # the logical picture's


def deck_of(rules: Rules) -> list[Card]:
    """One of each card the rules play with, in deck order."""
    if rules.deck is Deck.HUNGARIAN:
        return hungarian_deck(rules.jokers)
    return french_deck() + (hungarian_deck(True)[-2:] if rules.jokers else [])


def felt_job() -> Wanted:
    """The felt of the card table and the duel (the logical picture's size)."""
    return ("felt",), "felt", lambda: art_table.felt(FELT_SIZE)


def felt_in_steps() -> Iterator[Wanted]:
    """The same felt as felt_job's, made in steps that fit a frame's spare time (ahead of the
    table, where felt_job makes it whole as the table enters)."""
    for step, build in enumerate(art_table.felt_steps(FELT_SIZE)):
        yield ("felt step", step), "felt step", build


def badges(names: Iterable[str], size: int, label: Callable[[str], str]) -> Iterator[Wanted]:
    """Every seat's badge, plain and lit (lit when it is their turn)."""
    for seat, name in enumerate(names):
        badge = label(name)
        for lit in (False, True):
            yield (
                ("badge", seat, badge, size, lit),
                "badge",
                partial(art_table.seat_badge, seat, badge, size, lit),
            )


def faces(cards: Iterable[Card], width: int) -> Iterator[Wanted]:
    """Card faces at one width, through the art modules' builder (not the painters' gate)."""
    for card in cards:
        # costs are learnt per rank: a court card or a joker costs several number cards
        yield ("face", str(card), width), f"face{width}/{card.rank}", partial(card_face, card, width)


def dice_jobs(cup_width: int, sizes: tuple[int, ...]) -> Iterator[Wanted]:
    """A cup, then the dice at every size asked (the first size also lit, as a tray shows them)."""
    yield ("cup", cup_width), "cup", lambda: art_dice.cup(cup_width)
    for size in sizes:
        for face in range(1, 7):
            yield ("die", face, size, False), "die", partial(art_dice.die_face, face, size)
    tray = sizes[0]
    for face in range(1, 7):
        yield ("die", face, tray, True), "die", partial(art_dice.die_face, face, tray, True)


def entering_later(jobs: Iterable[Wanted]) -> Iterator[Wanted]:
    """The pieces that fit a frame's spare time: for a screen wanted ahead of the one that draws it."""
    return (job for job in jobs if job[1] not in AT_ENTRY)
