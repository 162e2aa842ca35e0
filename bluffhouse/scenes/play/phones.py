"""The phone adapter both games share: how a phone seat and the phone seat whose turn it is
look on the television, which seat a message is about, seating a game's phones, and telling a
phone's press from a key's. Each game keeps its own phone state (scenes/table/phones.py,
scenes/duel/phones.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bluffhouse.scenes.play.moment import Moment, Pressed
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.messages import Message
from bluffhouse.scenes.ui.lang import t, you_text

if TYPE_CHECKING:
    from bluffhouse.scenes.phones.hub import PhoneHub
    from bluffhouse.scenes.phones.watchers import AudienceLook
    from bluffhouse.scenes.play.scene import PlayScene
    from bluffhouse.scenes.shell.session import GameSetup


@dataclass(frozen=True, slots=True)
class PhoneSeatLook:
    """A phone seat as the television shows it: its name, and whether its phone is there."""

    seat: int
    status: str  # "waiting" | "connected" | "away"


@dataclass(frozen=True, slots=True)
class PhoneTurnLook:
    """Where a hand would be: the phone seat whose turn it is; its join code only while no phone
    has ever joined it (a joined seat's phone comes back by itself)."""

    seat: int
    name: str
    line: str
    away: bool
    url: str | None
    hint: str | None = None  # what to do meanwhile, when it is not the usual one


def turn_look(hub: PhoneHub, seat: int, name: str) -> PhoneTurnLook:
    """The phone seat whose turn it is, as the television shows it: playing, away (its phone comes
    back by itself: no code), or not joined yet (its code, to scan)."""
    status = hub.status(seat)
    key = (
        "phone.tv.playing"
        if status == "connected"
        else "phone.tv.away"
        if status == "away"
        else "phone.tv.scan"
    )
    return PhoneTurnLook(seat, name, t(key, name=name), status != "connected", hub.code(seat))


def seat_of(message: Message, seats: tuple[int, ...], names: list[str]) -> int | None:
    """The phone seat a message of the table is about: the seat it answers, or else the one seat
    named in it (two seats with one name: neither is guessed)."""
    if message.about is not None:
        return message.about if message.about in seats else None
    name = message.fields.get("name")
    named = [seat for seat in seats if names[seat] == name]
    return named[0] if len(named) == 1 else None


def seat_game(hub: PhoneHub, setup: GameSetup) -> None:
    """A game with phone seats has its phones seated (Play again, the next round, a new game from
    the set-up or the menu): the same people keep their phones; nothing to scan again."""
    names = {s: spec.name for s, spec in enumerate(setup.seats) if spec.human and spec.phone}
    if names and (hub.names != names or hub.server is None):
        hub.open(names)


@dataclass(frozen=True, slots=True)
class PhonesLook:
    """Everything phone play adds to a frame of the table (or the duel)."""

    seats: tuple[PhoneSeatLook, ...]
    turn: PhoneTurnLook | None
    audience: AudienceLook | None = None  # how many watch, the room's vote


def seat_kinds(setup: GameSetup) -> list[str]:
    """What each seat is, as a phone's page names it: "phone", "person" (at the TV) or "computer"."""
    return [
        "phone" if spec.human and spec.phone else "person" if spec.human else "computer"
        for spec in setup.seats
    ]


def is_phone(intent: Intent) -> bool:
    """Whether an intent came from a phone."""
    return intent.source is not None and intent.source.device == "phone"


class PhoneLink:
    """The phone seats of one game and what each of them has been sent: what both games' links
    share (scenes/table/phones.py, scenes/duel/phones.py fill in their presses and states)."""

    def __init__(self, hub: PhoneHub, setup: GameSetup) -> None:
        """hub: the app's PhoneHub; setup: the GameSetup (its seats say which are phones)."""
        self.hub = hub
        self.seats = tuple(s for s, spec in enumerate(setup.seats) if spec.human and spec.phone)
        seat_game(hub, setup)
        self.names = [spec.name for spec in setup.seats]
        self.kinds = seat_kinds(setup)
        self.marks: dict[int, tuple[object, ...]] = {}  # seat -> what its last state was built from
        self.language: (
            tuple[str, int] | tuple[()]
        ) = ()  # the language (and the hub's opening) the hellos were sent in

    # -- in ----------------------------------------------------------------------------------

    def intake(self, scene: PlayScene, intent: Intent) -> bool:
        """What both games do first with an intent; True when it is used up here. A press from
        the phone of a seat held while it was away: the phone is back, the seat is the person's
        again before the press counts. A key at the TV bound to a phone seat's number (left from
        another game) never acts for that seat, and is swallowed — unless the seat is played here
        for now, with keys its person took for it."""
        flow = scene.flow
        if is_phone(intent) and intent.player in flow.stand_ins | flow.here:
            scene.away.returned(scene)
        return (
            intent.player in self.seats
            and intent.player not in flow.here
            and not is_phone(intent)
            and intent.kind in ("challenge", "peek")
        )

    def answer(self, seat: int, pressed: Pressed) -> None:
        """Why a phone's press did nothing, said to that phone alone: it is the person's own
        screen (the TV is not filled with one person's taps, nor told what their hand lacks)."""
        if pressed.refusal is not None:
            self.hub.notify(seat, you_text(pressed.refusal.key, True, **pressed.refusal.fields))

    def told(self, message: Message) -> None:
        """A message the game says: the phone of the person it is about hears it too."""
        seat = seat_of(message, self.seats, self.names)
        if seat is not None:
            self.hub.notify(seat, you_text(message.key, True, **message.fields))

    # -- out ---------------------------------------------------------------------------------

    def greet(self, scene: PlayScene) -> tuple[str, int]:
        """Send every phone seat the page's hello again in a new language, or when the seats were
        opened anew; the language the hellos are in."""
        language = (t("phone.lang"), self.hub.opened)
        if language != self.language:
            self.language = language
            for seat in self.seats:
                self.hub.hello(seat, self.hello(scene, seat))
        return language

    def hello(self, scene: PlayScene, seat: int) -> dict[str, object]:
        """What the page needs once (the game's own: its deck's faces, its propositions)."""
        raise NotImplementedError

    def handle(self, scene: PlayScene, intent: Intent) -> bool:
        """A phone's press, the game's own (True: used up here)."""
        raise NotImplementedError

    def update(self, scene: PlayScene, moment: Moment[object]) -> None:
        """Each phone hears its own state from the moment (the game's own states)."""
        raise NotImplementedError

    def turn_shown(self, moment: Moment[object]) -> int | None:
        """The phone seat whose turn the television shows now (None: nobody's, or a show plays)."""
        raise NotImplementedError

    def look(self, moment: Moment[object]) -> PhonesLook | None:
        """Each phone seat's link, and the phone seat whose turn it is at this moment (a seat
        played here for now is a person's at the screen: its keys, curtain and hand instead; a
        seat a computer holds says so)."""
        if not self.seats:
            return None
        here, stand_ins = moment.here, moment.stand_ins
        seats = tuple(PhoneSeatLook(s, self.hub.status(s) or "waiting") for s in self.seats if s not in here)
        turn = self.turn_shown(moment)
        audience = self.hub.watchers.look()
        if turn is None or turn in here:
            return PhonesLook(seats, None, audience)
        look = turn_look(self.hub, turn, self.names[turn])
        if turn in stand_ins:
            name = self.names[turn]
            look = replace(look, line=t("phone.tv.held", name=name), hint=t("phone.tv.held_hint", name=name))
        return PhonesLook(seats, look, audience)
