"""The skeleton of a game's screen, both games': the set-up and its seed, the pace, the phone
seats and where short messages keep clear of them, an overlay covering every hand or cup, the
game's record closed as the screen leaves. Each game fills in its own flow, frame and painters
(scenes/table/scene.py, scenes/duel/scene.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from bluffhouse.scenes.phones.paint import phone_status_rects
from bluffhouse.scenes.play.away import AwaySeats
from bluffhouse.scenes.play.moment import Moment
from bluffhouse.scenes.play.phones import PhoneLink, PhonesLook
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import GameSetup

if TYPE_CHECKING:
    from bluffhouse.game.records.tape import Tape
    from bluffhouse.scenes.shell.app import App


class Host(Protocol):
    """What the screen's skeleton, its away seats and its phones ask of the game's flow
    (scenes.play.flow.GameFlow, whatever its engine, moment and computer players)."""

    pace: float
    tape: Tape | None
    stand_ins: set[int]
    here: set[int]
    phones: tuple[int, ...]

    @property
    def holding(self) -> bool: ...
    def let_go_unseen(self, is_down: Callable[[int], bool]) -> None: ...
    def moment(self, busy: bool = False, paused: bool = False) -> Moment[object]: ...
    def cover_all(self) -> None: ...
    def stand_in(self, seat: int, level: str, rng: random.Random) -> None: ...
    def stand_down(self, seat: int) -> None: ...
    def play_here(self, seat: int) -> None: ...
    def back_on_phone(self, seat: int) -> None: ...


class Frame(Protocol):
    """What the skeleton reads of a game's frame (scenes/table/frame.py, scenes/duel/frame.py)."""

    @property
    def phones(self) -> PhonesLook | None: ...


class PlayScene(Scene):
    """A game being played: a flow in time (self.flow), its phones (self.phones), the moment
    (self.moment: what is live, scenes.play.moment) and the frozen frame the painters draw
    (self.frame), both built once per update by show_frame()."""

    opaque = True  # the felt covers the screen: no clearing first
    takes_phone_presses = True  # each game answers its phones' presses itself
    audience_shown = True  # the audience watches this screen (scenes/phones/watchers.py)
    #: where the phone seat whose turn it is shows (where a hand or the action bar would be)
    phone_turn_rect: pygame.Rect
    #: the phone signs sit on the edge of the seats' panels (the card table) or beside them
    phone_signs_at_edge = False
    flow: Host  # each game's own: TableFlow, DuelFlow
    phones: PhoneLink  # each game's own: TablePhones, DuelPhones
    moment: Moment[object]  # each game's own moment: Moment[TableNow], Moment[DuelNow]
    frame: Frame  # each game's own: TableFrame, the duel's

    def __init__(self, app: App, setup: GameSetup) -> None:
        """Keep the set-up; a set-up without a seed gets one from the app's generator."""
        super().__init__(app)
        self.setup = setup
        self.seed = setup.seed if setup.seed is not None else app.rng.randrange(2**32)
        self.names = [spec.name for spec in setup.seats]
        self.speed = setup.speed  # the attract mode's set-up plays faster
        self.time = 0.0
        self.away = AwaySeats()  # phone seats whose phone is gone when the game waits on them

    def keep_up(self) -> None:
        """At the top of each update, both games alike: the Options' game pace (animations and
        computer players; the attract mode keeps its own), peek keys let go while another
        screen was on top close the glance they held (scenes.play.flow.GameFlow.let_go_unseen),
        and a seat held for an away phone that is back is its person's again (before anything
        of this frame acts for it)."""
        if not self.setup.demo:
            self.flow.pace = self.app.pace
        self.flow.let_go_unseen(lambda seat: self.app.input.is_held(seat, "peek"))
        self.away.returned(self)

    def build_frame(self) -> Frame:
        """What the painters draw now: the game's own frame, copied once per update from the
        moment and the screen's own show (its hidden faces only through
        scenes.play.frame.seen_faces, which records the audit)."""
        raise NotImplementedError

    @property
    def showing(self) -> bool:
        """A show the presses wait for plays now (the deal; the duel's beats)."""
        raise NotImplementedError

    def take_moment(self, paused: bool | None = None) -> Moment[object]:
        """What is live now (scenes.play.moment), kept as self.moment. paused: an overlay covers
        the game (None: the stack says)."""
        if paused is None:
            paused = self.app.stack.top is not self
        self.moment = self.flow.moment(busy=self.showing, paused=paused)
        return self.moment

    def show_frame(self, paused: bool | None = None) -> None:
        """The frame pipeline, both games', at the end of each update (and as an overlay opens):
        the moment is taken once, each phone hears its own state from it, then the frame is built
        once — what the people watching may see decided there, from the flow's views, and
        audited — and handed to the painters (draw reads only self.frame)."""
        moment = self.take_moment(paused)
        self.phones.update(self, moment)
        self.frame = self.build_frame()

    def phone_seat_rects(self) -> dict[int, pygame.Rect]:
        """Where each seat's panel is on screen (its phone sign goes there)."""
        raise NotImplementedError

    @property
    def phone_seats(self) -> tuple[int, ...]:
        """The seats played on phones (the phone server stays up while the game is on)."""
        return self.phones.seats

    @property
    def toast_clear(self) -> tuple[pygame.Rect, ...]:
        """Short messages never cover how the phones are (their signs, the phone seat's turn)."""
        return phone_status_rects(
            self.frame.phones, self.phone_seat_rects(), self.phone_turn_rect, edge=self.phone_signs_at_edge
        )

    def pause(self) -> None:
        """An overlay opens on top: every hand or cup goes back behind its curtain at once."""
        self.flow.cover_all()
        self.show_frame(paused=True)

    def relabel(self) -> None:
        """The language changed: names nobody chose follow it, and the picture is made again
        (under an overlay the game does not update, yet it is drawn)."""
        self.names[:] = self.setup.relabel()
        self.frame = self.build_frame()

    def exit(self) -> None:
        """The game closes (the results, or left from the pause): what was played is kept, and
        every seat held for an away phone is its phone's again."""
        self.away.end_all(self)
        if self.flow.tape is not None:
            self.flow.tape.leave()
