"""The moment: what is live in a game now, built once per update by the host, typed and frozen.

A game's screen asks its flow for one Moment at the end of each update
(PlayScene.show_frame) and hands it to whoever must know what is live: the frame builder
(scenes/table/frame.py, the duel's build_frame), the phones (scenes/*/phones.py) and the tests.
They read the moment instead of the scene's, the flow's and the engine's attributes, so what
they show is decided once, from one set of facts.

- the public facts: the phase, whose turn it is, whether the game is over, whether a verdict
  holds the game, whether the screen is busy showing something or is paused under an overlay,
  which phone seats are held while their phone is away (scenes/play/away.py);
- the privacy facts: whose own key the curtain waits for, whose hidden hand or cup may be face
  up on the shared screen now (and why: scenes.shell.privacy), whose controls are live;
- each seat's part: its view (engine.view(seat): everything that seat may know, nothing more)
  and the kinds of action that seat may press now — what the engine would take from it and
  nothing of the host holds back (scenes.play.flow.GameFlow.check says why any other is not);
- the game's own part (`game`): the card table's challenge window and held play, the duel's
  thinking computer player and round (scenes/table/flow.py TableNow, scenes/duel/flow.py DuelNow).

A press comes back as a Pressed: taken, or refused with the sentence for whoever pressed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from bluffhouse.game.actions import Action
from bluffhouse.game.contract import Phase
from bluffhouse.scenes.shell.messages import Message

G = TypeVar("G", covariant=True)  # the game's own part of the moment (frozen: read only)


def kind_of(action: Action) -> str:
    """The kind of a press, as the moment names it: "play", "accept", "challenge", "declare",
    "reroll", "propose" (the action's class, in lower case)."""
    return type(action).__name__.lower()


@dataclass(frozen=True, slots=True)
class SeatMoment:
    """One seat now: what it may know, and what it may press."""

    seat: int
    view: object  # engine.view(seat): everything this seat may know, and nothing more
    presses: frozenset[str]  # the kinds of action its press would be taken now (kind_of), but
    # for an overlay on top (Moment.paused) and the card table's minimum window (TableNow)
    shown: bool  # its hidden hand or cup may be face up on the shared screen now

    def may(self, kind: str) -> bool:
        """Whether a press of this kind would be taken now."""
        return kind in self.presses


@dataclass(frozen=True, slots=True)
class Moment(Generic[G]):
    """What is live in one game now (see the module's words)."""

    time: float  # the flow's clock: seconds of game time (the duel's: of the round)
    phase: Phase
    turn: int | None  # the seat to act (None: the game, or the duel's round, is over)
    over: bool
    holding: bool  # a verdict is on screen: nothing moves on until it ends
    busy: bool  # the screen still shows something (the deal, a reveal, a beat of the show)
    paused: bool  # an overlay covers the game (it takes no press then)
    curtain: int | None  # the person the curtain waits for ("pass to Ana")
    actor: int | None  # the person whose controls (shared keys, mouse, action bar) are live
    seats: tuple[SeatMoment, ...]
    game: G  # the game's own part
    stand_ins: frozenset[int] = frozenset()  # phone seats a computer player holds while their phone is away
    here: frozenset[int] = frozenset()  # phone seats played at the screen until their phone is back

    def seat(self, seat: int) -> SeatMoment:
        """That seat's part of the moment."""
        return self.seats[seat]

    @property
    def shown(self) -> tuple[int, ...]:
        """The seats whose hidden hand or cup may be face up on the shared screen now."""
        return tuple(part.seat for part in self.seats if part.shown)


@dataclass(frozen=True, slots=True)
class Pressed:
    """What became of a person's press: taken (or held for the window to end), or refused.

    refusal: the sentence for whoever pressed (the engine's reason, or the host's), or None when
    the press was not theirs to make (a shared key for somebody whose view is closed): nothing
    is said then. True when taken, so `if flow.play(...)` reads as before."""

    done: bool
    refusal: Message | None = None

    def __bool__(self) -> bool:
        return self.done


TAKEN = Pressed(True)
SWALLOWED = Pressed(False)
