"""TableSensibleBot: tells the truth when it can, lies with its least useful card."""

from __future__ import annotations

import random
from functools import cache

from bluffhouse.game.bots.table_turn import CardTurn
from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.table_view import TableView


def copies_in_game(view: TableView) -> tuple[int, int]:
    """(cards of one rank, Színes jokers) in the whole game, set-aside cards included."""
    rules = view.rules
    return 4 * rules.decks, (rules.decks if rules.jokers else 0)


def call_is_impossible(view: TableView) -> bool:
    """True when this seat's own hand proves the last call cannot be true."""
    last = view.last_call
    if last is None:
        return False
    per_rank, szines = copies_in_game(view)
    mine = sum(counts_as(c, last.rank) for c in view.hand)
    # Unseen Színes could make any count true, so they stay among the possible cards.
    return last.count > per_rank + szines - mine


class TableSensibleBot(CardTurn):
    """Plays the called rank when it holds it, else bluffs one least-needed card."""

    fako_chance = 0.25  # chance to bluff with a lone Fakó when it has nothing of the rank
    catch_chance = 0.9  # chance to challenge a call its own hand proves false
    # Some positions repeat forever if everybody catches every catchable lie (in Bullets, four
    # players holding one wrong card each, the challenger leading at the same rank; in
    # two-player Kamu nobody ever changes the ranks they call). After `patience` history
    # records the bot tires, ever more often letting a call stand, so every game ends.
    patience = 300

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def wants_challenge(self, view: TableView) -> bool:
        """Challenge every hand-emptying call, and calls its own hand proves impossible."""
        if not view.can_challenge or view.last_call is None:
            return False
        if self.tired(view):
            return False
        if view.last_call.emptied_hand:
            return True
        # Catching a lie on a pile of only the liar's own cards gains nothing: let it pass.
        if view.pile_size <= view.last_call.count:
            return False
        return call_is_impossible(view) and self.rng.random() < self.catch_chance

    def tired(self, view: TableView) -> bool:
        """True, more often the longer the game has gone past `patience` records."""
        over = len(view.history) - self.patience
        return over > 0 and self.rng.random() > 0.5 ** (over / 100)

    def pick_cards(self, view: TableView) -> list[Card]:
        """All held cards of the called rank (Színes count) up to four, else one bluff card."""
        rank, hand = view.rank, view.hand
        true = [c for c in hand if counts_as(c, rank)]  # the hand is sorted: Színes last
        plain = [c for c in hand if not c.is_joker and c.rank != rank]
        # Cards of ranks this seat is never asked for (Kamu's 8 ranks shared by 2, 4, 6 or 8
        # players) can only leave as bluffs: bluff them away first and keep the true cards
        # for a last call that can win.
        asked = _turn_table(view.rules.ranks, view.players, rank)
        never = [c for c in plain if c.rank not in asked]
        if true and not (never and len(hand) - len(true[:4]) == len(never)):
            return true[:4]
        fako = [c for c in hand if c.is_fako]
        if fako and (not plain or self.rng.random() < self.fako_chance):
            return fako[:1]  # "Fakó can only be played as a bluff", alone
        return [self.least_needed(view, never or plain)]

    def least_needed(self, view: TableView, cards: list[Card]) -> Card:
        """The card whose rank this seat will have to call the latest (never: first of all)."""
        held: dict[str, int] = {}
        for c in cards:
            held[c.rank] = held.get(c.rank, 0) + 1

        def wait(card: Card) -> tuple[int, int, float]:
            turns = turns_until(view, card.rank)
            return (99 if turns is None else turns), -held[card.rank], self.rng.random()

        return max(cards, key=wait)


def turns_until(view: TableView, rank: str) -> int | None:
    """In how many of its own turns this seat must call `rank` (None: never, barring challenges)."""
    return _turn_table(view.rules.ranks, view.players, view.rank).get(rank)


@cache
def _turn_table(ranks: tuple[str, ...], players: int, now: str) -> dict[str, int]:
    # Without challenges this seat calls the ranks now + k * players (k = 0, 1, 2, ...).
    start, length = ranks.index(now), len(ranks)
    table: dict[str, int] = {}
    for k in range(length):
        table.setdefault(ranks[(start + k * players) % length], k)
    return table
