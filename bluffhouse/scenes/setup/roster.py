"""Who sits where at the card set-up, and with which keys: the kinds of seat, a newcomer's place,
a person's keys kept while their seat is cycled through the kinds (no drawing).

SeatRoster is a mixin of SetupDraft (which provides `seats`, `add` and `_default_name`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bluffhouse.scenes.shell.input import Source

if TYPE_CHECKING:
    from bluffhouse.scenes.setup.model import SeatDraft

PERSON = "person"
COACHED = "coached"  # a person with the coach line in their corner (issue 5's per-person option)
PHONE = "phone"  # a person holding their hand on their own phone (issue 14): no keys, no curtain
PEOPLE = (PERSON, COACHED, PHONE)
LEVELS = ("easy", "medium", "hard", "expert")  # the table scene maps them onto game.bots.TABLE_BOTS
KINDS = (PERSON, COACHED, PHONE, *LEVELS)
# The first person starts with the Quick game's challenge key (C) and E to peek: a solo
# player can press Start at once, and anyone can change them by pressing their own keys.
DEFAULT_CHALLENGE = Source("key", pygame.K_c)
DEFAULT_PEEK = Source("key", pygame.K_e)


class SeatRoster:
    """The seats' kinds and keys: joining, changing kinds, default keys."""

    __slots__ = ()
    seats: list[SeatDraft]  # SetupDraft's

    if TYPE_CHECKING:

        def add(self, kind: str) -> int | None: ...

        def _default_name(self, index: int, kind: str) -> str: ...

    def owner(self, source: Source) -> tuple[int, str] | None:
        """(seat, role) owning source in this draft, or None when it is free."""
        for index, seat in enumerate(self.seats):
            for owned, role in seat.sources():
                if owned == source:
                    return index, role
        return None

    def set_kind(self, index: int, kind: str) -> None:
        """Make a seat a person or a computer player of a level; a computer has no keys."""
        seat = self.seats[index]
        if kind not in KINDS or seat.kind == kind:
            return
        was, was_keyed = seat.kind, seat.keyed
        seat.kind = kind
        if was_keyed and not seat.keyed:
            if seat.challenge is not None:  # "cycling a person's seat kind keeps their keys"
                seat.kept = (was, seat.challenge, seat.peek)
            seat.challenge = seat.peek = None
        elif seat.keyed and seat.kept is not None:
            _, challenge, peek = seat.kept
            seat.kept = None
            if self.owner(challenge) is None:  # unless somebody else pressed it meanwhile
                seat.challenge = challenge
                seat.peek = peek if peek is not None and self.owner(peek) is None else None
        if not seat.custom_name:
            seat.name = self._default_name(index, kind)

    def cycle_kind(self, index: int, step: int = 1) -> str:
        """Person → person + coach → person on a phone → easy → medium → hard → expert → person
        (-1 goes back); the new kind."""
        kind = KINDS[(KINDS.index(self.seats[index].kind) + step) % len(KINDS)]
        self.set_kind(index, kind)
        return kind

    def seat_for_newcomer(self, source: Source | None = None) -> tuple[int, str | None] | None:
        """Where a person pressing a free key sits, and whose seat they take (or None).

        A seat that kept this very key (its person was cycled to a computer player) gets its
        person back; else the first person without keys; else the first computer player's seat
        (the table does not grow behind anyone's back: no fifth seat, no second deck); else a new
        seat while there are fewer than eight; None when the table is full of people.
        """
        for index, seat in enumerate(self.seats):
            if source is not None and seat.kept is not None and source in seat.kept[1:] and not seat.human:
                name = seat.name
                self.set_kind(index, seat.kept[0])
                return index, name
        for index, seat in enumerate(self.seats):
            if seat.keyed and seat.challenge is None:
                return index, None
        for index, seat in enumerate(self.seats):
            if not seat.human:
                name = seat.name
                self.set_kind(index, PERSON)
                return index, name
        added = self.add(PERSON)
        return (added, None) if added is not None else None

    def give_default_keys(self) -> None:
        """The first person without keys gets C / E, when nobody else holds them (after a
        Quick game, which binds only C, they get E to peek as well)."""
        first = next((s for s in self.seats if s.keyed), None)
        if first is None:
            return
        if first.challenge is None and self.owner(DEFAULT_CHALLENGE) is None:
            first.challenge = DEFAULT_CHALLENGE
        if first.challenge == DEFAULT_CHALLENGE and first.peek is None and self.owner(DEFAULT_PEEK) is None:
            first.peek = DEFAULT_PEEK
