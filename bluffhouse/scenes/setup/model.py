"""The set-up being edited: seats, their keys, the rule options, and how they are remembered.

No drawing here: the set-up screen shows this draft and changes it; tests can drive it
directly. Options use the names of game/rules.py so building the Rules is one call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bluffhouse.game.rules import HAND_SIZES, Opening, RankAfterChallenge, Rules, WhoMayChallenge
from bluffhouse.scenes.setup.deal import effective_hand, hand_choices
from bluffhouse.scenes.setup.naming import default_person_name, waiting_words
from bluffhouse.scenes.setup.roster import (
    COACHED,
    KINDS,
    LEVELS,
    PEOPLE,
    PERSON,
    PHONE,
    SeatRoster,
)
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import BOT_NAMES, GameSetup, SeatSpec
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import NAME_MAX, clean_name, distinct_names

MIN_SEATS, MAX_SEATS = 2, 8
NAME_LENGTH = NAME_MAX  # scenes/names.py says why

# The dice duel's set-up: who plays, the computer's level, the opening rule, who gets a coach.
DUEL_MODES = ("computer", "people")
DUEL_LEVELS = LEVELS
DUEL_OPENINGS = tuple(o.value for o in Opening)
DUEL_COACH_CHOICES = ("off", "0", "1", "both")  # nobody, the person at seat 0, at seat 1, both
DUEL_PHONE_CHOICES = ("off", "0", "1", "both")  # who holds their dice on their own phone
DUEL_DEFAULT_NAMES = ("Ana", "Ben")

# option -> (allowed values, Bullets default, Kamu default); None: the game has no such option
OPTIONS: dict[str, tuple[tuple[Any, ...], Any, Any]] = {
    "bullets_per_player": (tuple(range(6)), 3, 0),
    "jokers": ((False, True), None, False),
    "rounds": (tuple(range(1, 11)), 1, 3),
    "challenge_window": ((1.0, 2.0, 3.0, 4.0, 5.0), 2.0, 2.0),
    "who_may_challenge": (tuple(w.value for w in WhoMayChallenge), "anyone", "anyone"),
    "rank_after_challenge": (tuple(r.value for r in RankAfterChallenge), "restart", "continue"),
}


def options_for(game: str) -> list[str]:
    """The option names the set-up of game offers, in screen order."""
    column = 1 if game == "bullets" else 2
    return [name for name, spec in OPTIONS.items() if spec[column] is not None]


def default_options(game: str) -> dict[str, Any]:
    """The seed rules of game as option values."""
    column = 1 if game == "bullets" else 2
    return {name: OPTIONS[name][column] for name in options_for(game)}


@dataclass(slots=True)
class SeatDraft:
    """One seat being set up: a person (with the keys they pressed) or a computer player."""

    name: str
    kind: str = PERSON
    custom_name: bool = False  # typed by somebody: kept when the kind changes
    challenge: Source | None = None
    peek: Source | None = None
    # A person's kind and keys, kept while their seat is cycled through a phone or a computer
    # player: cycling back to a person gives them back (when nobody else took them meanwhile).
    kept: tuple[str, Source, Source | None] | None = None

    @property
    def human(self) -> bool:
        """True for a person (coached or not)."""
        return self.kind in PEOPLE

    @property
    def phone(self) -> bool:
        """True for a person who plays on their own phone."""
        return self.kind == PHONE

    @property
    def keyed(self) -> bool:
        """True for a person at the keyboard (or a pad): they need keys of their own."""
        return self.human and not self.phone

    @property
    def joined(self) -> bool:
        """A person who has pressed their challenge key (computer players and phones need none)."""
        return not self.keyed or self.challenge is not None

    def sources(self) -> list[tuple[Source, str]]:
        """(key, role) pairs this seat owns."""
        pairs = [(self.challenge, "challenge"), (self.peek, "peek")] if self.keyed else []
        return [(s, role) for s, role in pairs if s is not None]


@dataclass(slots=True)
class SetupDraft(SeatRoster):
    """The whole set-up being edited for one game ("bullets" or "kamu")."""

    game: str
    seats: list[SeatDraft] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    chosen_hand: int | None = None  # a hand size somebody picked (None: the table's default)

    @classmethod
    def default(cls, game: str) -> SetupDraft:
        """You plus three medium computer players, the seed rules."""
        seats = [SeatDraft(default_person_name(0), PERSON)]
        seats += [SeatDraft(BOT_NAMES[s], "medium") for s in range(1, 4)]
        return cls(game, seats, default_options(game))

    # -- seats ----------------------------------------------------------------------

    def add(self, kind: str) -> int | None:
        """Add a seat at the end; its index, or None when the table is full."""
        if len(self.seats) >= MAX_SEATS:
            return None
        index = len(self.seats)
        self.seats.append(SeatDraft(self._default_name(index, kind), kind))
        return index

    def remove(self, index: int) -> bool:
        """Take a seat away; False when only two are left."""
        if len(self.seats) <= MIN_SEATS or not 0 <= index < len(self.seats):
            return False
        del self.seats[index]
        for i, seat in enumerate(self.seats):  # "Player 3" follows its seat number
            if seat.human and not seat.custom_name:
                seat.name = self._default_name(i, seat.kind)
        return True

    def rename(self, index: int, name: str) -> None:
        """Set a typed name (an empty one goes back to the default when the game starts)."""
        seat = self.seats[index]
        seat.name = name[:NAME_LENGTH]
        seat.custom_name = True

    def _default_name(self, index: int, kind: str) -> str:
        if kind in PEOPLE:
            return default_person_name(index)  # never "You": others speak of them too
        # A computer player keeps a name of its own: the seat's, unless another seat has it.
        taken = {seat.name for i, seat in enumerate(self.seats) if i != index}
        names = BOT_NAMES[index % len(BOT_NAMES) :] + BOT_NAMES[: index % len(BOT_NAMES)]
        return next((name for name in names if name not in taken), names[0])

    # -- checks and results ---------------------------------------------------------

    def problem(self) -> str | None:
        """Why the game cannot start yet (a message for the screen), or None."""
        if len(self.seats) < MIN_SEATS:
            return t("setup.need_two")
        waiting = [i for i, s in enumerate(self.seats) if not s.joined]
        if waiting:
            return t("setup.not_joined", name=self.display_name(waiting[0]))
        missing = self.without_peek()
        if missing is not None:
            return t("setup.no_peek", name=self.display_name(missing))
        return None

    def waiting(self) -> str | None:
        """Who the table still waits for, said on the Start button ("Waiting for Ana and Ben to
        press their keys"), or None when it may start: a remembered set-up knows the people but
        not their keys, and a group that has never seen it must be told."""
        joining = [self.display_name(i) for i, s in enumerate(self.seats) if not s.joined]
        kind = "join"
        if not joining and self.people >= 2:  # a phone needs no peek key: its hand is on the phone
            joining = [self.display_name(i) for i, s in enumerate(self.seats) if s.keyed and s.peek is None]
            kind = "peek"
        return waiting_words(kind, joining)

    def without_peek(self) -> int | None:
        """With two people or more, the first person who has no peek key yet (hands are hidden
        behind a curtain that only a person's own key lifts), else None."""
        if self.people < 2:
            return None
        return next((i for i, s in enumerate(self.seats) if s.keyed and s.peek is None), None)

    def display_name(self, index: int) -> str:
        """The seat's name, or its default when it was typed empty (or with nothing visible)."""
        seat = self.seats[index]
        if seat.human and not seat.custom_name:
            return default_person_name(index)  # in the language of the moment
        return clean_name(seat.name) or self._default_name(index, seat.kind)

    def relabel(self) -> None:
        """The language changed: a person nobody named is "Player N" in the new one."""
        for index, seat in enumerate(self.seats):
            if seat.human and not seat.custom_name:
                seat.name = default_person_name(index)

    def default_name(self, index: int) -> str:
        """What seat index is called when nobody typed a name for it."""
        return self._default_name(index, self.seats[index].kind)

    @property
    def people(self) -> int:
        """How many seats are people."""
        return sum(seat.human for seat in self.seats)

    @property
    def on_phones(self) -> int:
        """How many people hold their hand on their own phone."""
        return sum(seat.phone for seat in self.seats)

    def rules(self) -> Rules:
        """The Rules these options make, for this many players, with the table's hand size."""
        rules = self._rules()
        hand = effective_hand(rules.players, rules.cards, self.people, self.chosen_hand, self.game)
        return rules.but(hand_size=hand)

    def _rules(self) -> Rules:
        """The Rules with the seed's deal."""
        options = dict(self.options)
        options["who_may_challenge"] = WhoMayChallenge(options["who_may_challenge"])
        options["rank_after_challenge"] = RankAfterChallenge(options["rank_after_challenge"])
        options["challenge_window"] = float(options["challenge_window"])
        n = len(self.seats)
        if self.game == "kamu":
            return Rules.kamu(players=n, **options)
        return Rules.bullets(players=n, **options)

    def hand_choices(self) -> list[int]:
        """The hand sizes this table can be dealt (see scenes.setup.deal)."""
        rules = self._rules()
        return hand_choices(rules.players, rules.cards)

    def seat_specs(self, key_name) -> list[SeatSpec]:
        """The seats for GameSetup; key_name(source) gives a key's display name."""
        specs = []
        names = distinct_names(self.display_name(index) for index in range(len(self.seats)))
        for index, seat in enumerate(self.seats):
            name = names[index]  # never the same as another seat's
            number = index + 1 if seat.human and not seat.custom_name else None  # "Player N"
            if seat.phone:
                specs.append(SeatSpec(name, True, phone=True, number=number))
            elif seat.human:
                challenge = key_name(seat.challenge) if seat.challenge else None
                peek = key_name(seat.peek) if seat.peek else None
                specs.append(
                    SeatSpec(
                        name,
                        True,
                        challenge_key=challenge,
                        peek_key=peek,
                        coach=seat.kind == COACHED,
                        number=number,
                    )
                )
            else:
                specs.append(SeatSpec(name, False, bot=seat.kind))
        return specs

    def deck_facts(self) -> dict[str, int]:
        """cards, decks, the smallest hand and what is set aside, for the seat panel header."""
        rules = self.rules()
        cards, n, each = rules.cards, len(self.seats), rules.hand_size
        if each:  # the hand-size house rule: the rest is set aside
            return {
                "cards": cards,
                "decks": rules.decks,
                "low": each,
                "high": each,
                "aside": cards - each * n,
            }
        aside = cards % n if rules.deal_evenly else 0
        return {
            "cards": cards,
            "decks": rules.decks,
            "low": cards // n,
            "high": cards // n + (0 if rules.deal_evenly or cards % n == 0 else 1),
            "aside": aside,
        }

    # -- remembering ----------------------------------------------------------------

    def to_settings(self) -> dict[str, Any]:
        """Names, kinds and options as plain JSON (keys are not remembered across runs)."""
        seats = [{"name": s.name, "kind": s.kind, "custom": s.custom_name} for s in self.seats]
        chosen = {} if self.chosen_hand is None else {"hand": self.chosen_hand}
        return {"seats": seats, "options": dict(self.options), **chosen}

    @classmethod
    def from_settings(cls, game: str, stored: object) -> SetupDraft:
        """A remembered set-up; anything damaged falls back to the defaults."""
        draft = cls.default(game)
        if not isinstance(stored, dict):
            return draft
        seats = _seats_from(stored.get("seats"))
        if seats is not None:
            draft.seats = seats
        options = stored.get("options")
        if isinstance(options, dict):
            for name in options_for(game):
                value = options.get(name)
                allowed = OPTIONS[name][0]
                if name == "challenge_window" and type(value) is int:
                    value = float(value)  # JSON may write 2.0 as 2
                if type(value) in (type(a) for a in allowed) and value in allowed:
                    draft.options[name] = value
        hand = stored.get("hand")
        if type(hand) is int and hand in HAND_SIZES:
            draft.chosen_hand = hand
        return draft

    @classmethod
    def from_setup(cls, game: str, previous: GameSetup, source_of) -> SetupDraft:
        """The set-up of the game just played; source_of(seat, role) finds the keys still bound."""
        draft = cls(game, [], default_options(game))
        rules = previous.rules
        if type(previous.options.get("hand")) is int:  # somebody picked it: it stays picked
            draft.chosen_hand = rules.hand_size
        for name in options_for(game):
            value = getattr(rules, name)
            value = getattr(value, "value", value)
            if value in OPTIONS[name][0]:
                draft.options[name] = value
        for index, spec in enumerate(previous.seats):
            named = spec.number is None  # a default "Player N" stays a default
            if spec.human and spec.phone:
                seat = SeatDraft(spec.name, PHONE, custom_name=named)
            elif spec.human:
                seat = SeatDraft(spec.name, COACHED if spec.coach else PERSON, custom_name=named)
                seat.challenge = source_of(index, "challenge")
                seat.peek = source_of(index, "peek")
            else:
                kind = spec.bot if spec.bot in LEVELS else "medium"
                seat = SeatDraft(spec.name, kind, custom_name=spec.name != BOT_NAMES[index % 8])
            draft.seats.append(seat)
        if not MIN_SEATS <= len(draft.seats) <= MAX_SEATS:
            return cls.default(game)
        return draft


def _seats_from(stored: object) -> list[SeatDraft] | None:
    """Seats from the settings, or None when the list is damaged in any way."""
    if not isinstance(stored, list) or not MIN_SEATS <= len(stored) <= MAX_SEATS:
        return None
    seats = []
    for entry in stored:
        if not isinstance(entry, dict):
            return None
        name, kind, custom = entry.get("name"), entry.get("kind"), entry.get("custom", False)
        if kind not in KINDS or not isinstance(custom, bool):
            return None
        clean = clean_name(name)
        if clean is None:
            return None
        seats.append(SeatDraft(clean, kind, custom_name=custom))
    return seats
