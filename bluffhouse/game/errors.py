"""The errors an engine raises: a refusal is data (a Reason and its fields), not a sentence.

One rule for every value that enters an engine (Table, Duel, the matches, Rules): a value of
the wrong type raises WrongType (a TypeError), a value the rules forbid raises IllegalAction
(a ValueError). Both carry a Reason the screens translate and the fields it names, as
attributes; str() of either is an English sentence for logs. WrongType is an IllegalAction
too, so that apply() keeps one contract: whatever it refuses, it raises IllegalAction and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum


class Reason(StrEnum):
    """Why an engine refused: the key of the translated sentence is "refusal.<value>"."""

    # what came in is not what an engine takes
    NOT_A_MOVE = "not_a_move"
    NO_SEAT = "no_seat"
    NOT_A_CARD = "not_a_card"
    WRONG_TYPE = "wrong_type"
    BAD_OPTION = "bad_option"
    WRONG_GAME = "wrong_game"
    # a known position (Table.from_hands)
    HAND_COUNT = "hand_count"
    EMPTY_HAND = "empty_hand"
    NOT_IN_DECK = "not_in_deck"
    TOO_MANY_COPIES = "too_many_copies"
    BAD_BULLETS = "bad_bullets"
    NOT_A_RANK = "not_a_rank"
    # the card table
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_YOUR_SEAT = "not_your_seat"
    MUST_ANSWER = "must_answer"
    NO_CARDS = "no_cards"
    TOO_MANY_CARDS = "too_many_cards"
    HAND_TOO_SMALL = "hand_too_small"
    NOT_IN_HAND = "not_in_hand"
    FAKO_NOT_ALONE = "fako_not_alone"
    NO_CALL = "no_call"
    WINDOW_CLOSED = "window_closed"
    OWN_CALL = "own_call"
    ONLY_NEXT = "only_next"
    NO_BULLETS = "no_bullets"
    NOTHING_TO_ACCEPT = "nothing_to_accept"
    NO_CHALLENGER = "no_challenger"
    # the dice duel
    ROUND_OVER = "round_over"
    OPENING_OVER = "opening_over"
    BAD_MOOD = "bad_mood"
    PROPOSER_ONLY = "proposer_only"
    OPENING_FIRST = "opening_first"
    REROLL_BEFORE_CLAIM = "reroll_before_claim"
    MUST_CHALLENGE = "must_challenge"
    NO_REROLLS_LEFT = "no_rerolls_left"
    BAD_KEEP = "bad_keep"
    KEEP_ALL = "keep_all"
    BAD_DICE = "bad_dice"
    NOTHING_CLAIM = "nothing_claim"
    CLAIM_NOT_HIGHER = "claim_not_higher"
    NO_CLAIM = "no_claim"
    REROLLED = "rerolled"
    # matches
    MATCH_OVER = "match_over"
    NOT_FINISHED = "not_finished"
    ALREADY_RECORDED = "already_recorded"
    NOT_THIS_MATCH = "not_this_match"


# The English sentence of each reason, for logs and tests (the screens use the text table).
ENGLISH: dict[Reason, str] = {
    Reason.NOT_A_MOVE: "{action} is not a move of the {engine}",
    Reason.NO_SEAT: "There is no seat {seat}",
    Reason.NOT_A_CARD: "{card} is not a card",
    Reason.WRONG_TYPE: "{what} must be {expected}, not {value}",
    Reason.BAD_OPTION: "{what} must be {allowed}, not {value}",
    Reason.WRONG_GAME: "This needs {wanted} rules, not {game}",
    Reason.HAND_COUNT: "{players} players need {players} hands, not {hands}",
    Reason.EMPTY_HAND: "Every seat needs at least one card",
    Reason.NOT_IN_DECK: "{card} is not a card of this game's deck",
    Reason.TOO_MANY_COPIES: "{card} appears more often than the {decks} deck(s) hold",
    Reason.BAD_BULLETS: "Bullets must be {players} numbers in 0..{most}",
    Reason.NOT_A_RANK: "{rank} is not a rank of this deck",
    Reason.GAME_OVER: "The game is over",
    Reason.NOT_YOUR_TURN: "It is seat {turn}'s turn, not seat {seat}'s",
    Reason.NOT_YOUR_SEAT: "Seat {seat} cannot play for seat {owner}",
    Reason.MUST_ANSWER: "Seat {caller} played their last cards: accept or challenge",
    Reason.NO_CARDS: "Play 1, 2, 3 or 4 cards, not {count}",
    Reason.TOO_MANY_CARDS: "Play 1, 2, 3 or 4 cards, not {count}",
    Reason.HAND_TOO_SMALL: "Seat {seat} holds only {held} cards",
    Reason.NOT_IN_HAND: "Seat {seat} does not hold {card}",
    Reason.FAKO_NOT_ALONE: "The Fakó can only be played alone",
    Reason.NO_CALL: "There is no call to challenge",
    Reason.WINDOW_CLOSED: "The last call can no longer be challenged",
    Reason.OWN_CALL: "Seat {seat} cannot challenge their own call",
    Reason.ONLY_NEXT: "Only seat {turn} may challenge this call",
    Reason.NO_BULLETS: "Seat {seat} has no bullets left",
    Reason.NOTHING_TO_ACCEPT: "There is no emptied hand to accept: seat {seat} must play",
    Reason.NO_CHALLENGER: "None of these players can challenge now",
    Reason.ROUND_OVER: "The round is over",
    Reason.OPENING_OVER: "The opening is over: propose or challenge",
    Reason.BAD_MOOD: "Say satisfied, not_satisfied or indifferent, not {mood}",
    Reason.PROPOSER_ONLY: "Only the proposer may say it is all the same",
    Reason.OPENING_FIRST: "First settle the opening",
    Reason.REROLL_BEFORE_CLAIM: "No rerolls before the first proposition",
    Reason.MUST_CHALLENGE: "Nothing beats five aces: you must challenge",
    Reason.NO_REROLLS_LEFT: "At most {most} rerolls a turn: now propose",
    Reason.BAD_KEEP: "Keep lists distinct dice numbered 0-4, not {keep}",
    Reason.KEEP_ALL: "Keeping all five dice is no reroll",
    Reason.BAD_DICE: "Dice are five faces 1-6, not {dice}",
    Reason.NOTHING_CLAIM: "Nothing cannot be proposed: the lowest is a pair of twos",
    Reason.CLAIM_NOT_HIGHER: "A proposition must be higher than the last one",
    Reason.NO_CLAIM: "There is no proposition to challenge",
    Reason.REROLLED: "You rerolled: now you must propose",
    Reason.MATCH_OVER: "The match is over",
    Reason.NOT_FINISHED: "That game is not finished",
    Reason.ALREADY_RECORDED: "That game is already recorded",
    Reason.NOT_THIS_MATCH: "That game was not played under this match's rules",
}

# Fields that hold a seat number: the screens show the player's name instead.
SEAT_FIELDS: frozenset[str] = frozenset({"seat", "turn", "caller", "owner"})


def shown(value: object, limit: int = 40) -> str:
    """A short repr of any value for a message; never raises (hostile reprs, huge ints)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a value from outside may fail to describe itself
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _printable(value: object) -> object:
    # str() of an int of more than 4300 digits raises: such a value only ever comes from outside.
    return shown(value) if type(value) is int and not -(10**18) < value < 10**18 else value


def _rebuild(cls: type[IllegalAction], reason: Reason, fields: dict[str, object]) -> IllegalAction:
    return cls(reason, **fields)


class IllegalAction(ValueError):
    """A value the rules forbid: `reason` says why, its fields are attributes (error.seat)."""

    def __init__(self, reason: Reason, **fields: object) -> None:
        if type(reason) is not Reason:
            raise TypeError(f"an engine refusal needs a Reason, not {shown(reason)}")
        self.reason = reason
        self.fields = dict(fields)
        for name, value in fields.items():
            setattr(self, name, value)
        super().__init__(ENGLISH[reason].format(**{k: _printable(v) for k, v in fields.items()}))

    def __reduce__(self) -> tuple[Callable[..., IllegalAction], tuple[object, ...]]:
        return _rebuild, (type(self), self.reason, self.fields)


class WrongType(IllegalAction, TypeError):
    """A value of the wrong type (a seat that is not an int, a card that is not a Card)."""
