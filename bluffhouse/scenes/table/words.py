"""The card table in words: calls as speech ("Ana: three kings") and the game log."""

from __future__ import annotations

from bluffhouse.game.events import (
    BulletLost,
    BulletRefunded,
    CallAccepted,
    CardsPlayed,
    CardsRevealed,
    Challenged,
    Dealt,
    FakoExposed,
    PileTaken,
    TurnStarted,
    Won,
)
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.ui.lang import has_text, t, you_text

FRENCH_SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _deck(rules: Rules) -> str:
    return rules.deck.value  # "french" | "hungarian"


def rank_word(rules: Rules, rank: str, count: int = 2) -> str:
    """The rank in words in the form a count asks for: "king", "sevens", "Alsó" (never "Alsós")."""
    return t(f"table.rank.{_deck(rules)}.{rank}", n=count)


def rank_symbol(rules: Rules, rank: str) -> str:
    """The rank as printed on a card index: "7", "K", "VII", "Alsó"."""
    key = f"table.symbol.{_deck(rules)}.{rank}"
    return t(key) if has_text(key) else rank


def number_word(count: int) -> str:
    """One to four in words; bigger numbers as digits."""
    key = f"table.num.{count}"
    return t(key) if has_text(key) else str(count)


def cards_word(count: int, words: bool = True) -> str:
    """ "one card", "three cards" (or "9 cards" with words=False)."""
    return t("table.cards", n=count, count=number_word(count) if words else count)


def call_words(rules: Rules, count: int, rank: str) -> str:
    """A call as said at the table, whole: "three kings", "one ace", "una reina", "két király"."""
    return t(f"table.call.{_deck(rules)}.{rank}", n=count, count=number_word(count))


def speech(name: str, rules: Rules, count: int, rank: str, you: bool = False) -> str:
    """ "Ana: three kings" (or "You: three kings" for the only person at the table)."""
    return you_text("table.call.speech", you, name=name, words=call_words(rules, count, rank))


def suit_name(suit: str) -> str:
    """A suit as the table writes it beside a rank: its sign ("♠") or its name ("Piros")."""
    return FRENCH_SUIT_SIGNS.get(suit) or t(f"table.suit.hungarian.{suit}")


def card_text(card) -> str:
    """A card in short text for the log: "K♠", "VII Piros", "Színes"."""
    if card.is_joker:
        return t("table.joker.szines" if card.is_szines else "table.joker.fako")
    if card.suit in FRENCH_SUIT_SIGNS:  # the index as the language prints it: "K♠", "R♠", "B♠"
        key = f"table.symbol.french.{card.rank}"
        return (t(key) if has_text(key) else card.rank) + suit_name(card.suit)
    return t("table.card.hungarian", rank=t(f"table.symbol.hungarian.{card.rank}"), suit=suit_name(card.suit))


def log_line(event, names: list[str], rules: Rules, you: int | None = None) -> str | None:
    """One line of the game log for an engine event (None: nothing worth a line).

    `you` is the seat of the only person at the table: their lines say "You pick up 9".
    """

    def name(seat: int, subject: bool = True) -> str:
        if seat == you:
            return t("table.you_subject") if subject else t("table.you_object")
        return names[seat] if 0 <= seat < len(names) else "?"

    def say(key: str, seat: int, **fmt: object) -> str:
        return you_text(key, seat == you, name=name(seat), **fmt)

    if isinstance(event, Dealt):
        rank = rank_word(rules, event.rank)
        if event.set_aside:
            return say("table.log.dealt_aside", event.first, n=event.set_aside, rank=rank)
        return say("table.log.dealt", event.first, rank=rank)
    if isinstance(event, CardsPlayed):  # the call with its own count: "one king", "three kings"
        key = "table.log.played"
        if event.cards_left == 0:
            key = "table.log.played_last1" if event.count == 1 else "table.log.played_last"
        return say(key, event.seat, words=call_words(rules, event.count, event.rank))
    if isinstance(event, Challenged):  # each game's own cry: "Liar!", "Kamu!"
        key = "table.log.challenged.kamu" if rules.game.value == "kamu" else "table.log.challenged"
        return t(key, challenger=name(event.challenger), caller=name(event.caller, subject=False))
    if isinstance(event, CardsRevealed):
        shown = ", ".join(card_text(c) for c in event.cards)  # "Piros Ász, Tök Ász": names of two words
        if event.bait:
            return t("table.log.bait")
        return t("table.log.true" if event.truthful else "table.log.lie", cards=shown)
    if isinstance(event, PileTaken):
        return say("table.log.picks_up", event.seat, n=cards_word(event.count, words=False))
    if isinstance(event, BulletRefunded):
        return say("table.log.bullet_back", event.seat)
    if isinstance(event, BulletLost):
        return say("table.log.bullet_lost", event.seat, n=event.bullets_left)
    if isinstance(event, FakoExposed):
        return say("table.log.fako", event.seat)
    if isinstance(event, CallAccepted):
        if event.caller == you:
            return t("table.log.accepted.mine", name=name(event.seat))
        return say("table.log.accepted", event.seat, caller=name(event.caller, subject=False))
    if isinstance(event, TurnStarted):
        return say("table.log.leads", event.seat, rank=rank_word(rules, event.rank))
    if isinstance(event, Won):
        return say("table.log.won", event.seat)
    return None
