"""The Replay screen: a game that has ended, again, with every hand and cup face up.

Each move is told beside what was really played, lies marked, challenges and how they ended;
←/→ step, ↑/↓ jump to the previous/next lie, PgUp/PgDn to the previous/next challenge, Space
or Enter play and pause, Tab changes the speed (1×, 2×, 4×), the timeline takes a click or a
drag, S exports the replay as a file. A replay opens only for a game that has ended: the
screen refuses a record whose game is still being played (scenes.shell.privacy.Replayed).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from bluffhouse.game.records.check import Story, check
from bluffhouse.game.records.record import Record, Refused
from bluffhouse.game.rules import GameKind
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.messages import Message
from bluffhouse.scenes.shell.privacy import Replayed, ended
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.story import share
from bluffhouse.scenes.story.art_wanted import replay_jobs
from bluffhouse.scenes.story.chrome import (
    BAR,
    SPEED_BUTTONS,
    Chrome,
    Line,
    bar_fraction,
    button_rects,
    draw_chrome,
)
from bluffhouse.scenes.story.duel_paint import draw_duel, duel_frame
from bluffhouse.scenes.story.moments import CHALLENGE, LIE, Told, told
from bluffhouse.scenes.story.playback import SPEEDS, Playback
from bluffhouse.scenes.story.table_paint import draw_table, table_frame
from bluffhouse.scenes.ui.keys import PAD_X
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import seat_label
from bluffhouse.scenes.ui.theme import draw_backdrop
from bluffhouse.scenes.ui.widgets import draw_button

if TYPE_CHECKING:
    from bluffhouse.scenes.art.kinds import Wanted

SHARE = pygame.Rect(1086, 8, 174, 40)
ROWS = 12  # moves told around the one shown (the list draws as many as fit)
BEFORE = 3  # of them before it
JUMPS = {
    "up": ("previous_lie", "story.replay.no_lie"),
    "down": ("next_lie", "story.replay.no_lie"),
    "page_up": ("previous_challenge", "story.replay.no_challenge"),
    "page_down": ("next_challenge", "story.replay.no_challenge"),
}


def open_replay(app, story: Story) -> ReplayScene | None:
    """Push the replay of a checked record; a game still being played is refused in one line."""
    if not ended(story.record.uid, app.records.playing()):
        app.say("story.replay.live")
        return None
    scene = ReplayScene(app, story)
    app.stack.push(scene)
    return scene


def open_record(app, record: Record) -> ReplayScene | None:
    """Check a record (play it again) and push its replay, or say in one line why not."""
    try:
        story = check(record, share.KEYFRAMES)
    except Refused as refused:
        app.toast(share.refused_line(refused))
        return None
    return open_replay(app, story)


def open_file(app, path: str) -> ReplayScene | None:
    """A replay file (dropped on the window): its replay, or one line saying why not."""
    story = share.read(path)
    if isinstance(story, Message):
        app.toast(story, 5.0)
        app.sound.play("tock")
        return None
    return open_replay(app, story)


class ReplayScene(Scene):
    """The story on the television: a finished game, face up, move by move."""

    def __init__(self, app, story: Story) -> None:
        """story: a checked record of a game that has ended (ValueError otherwise)."""
        super().__init__(app)
        self.views = Replayed(app.audit, story.record.uid, app.records.playing())
        self.playback = Playback(story)
        self.story = self.playback.story
        self.record = self.story.record
        self.names = [seat.name for seat in self.record.seats]
        self.steps = [moment.step for moment in self.story.moments]
        last = max(1, self.playback.last)
        self.marks = tuple(
            (m.step / last, LIE if m.is_call else CHALLENGE)
            for m in self.story.moments
            if (m.is_call and m.lie) or m.is_challenge
        )
        self.games = tuple(start / last for start in self.story.starts[1:])
        self.dragging = False
        self.focus: str | None = None  # the button under the mouse
        self._told: dict[int, Told] = {}
        self._seats = ""  # who played, computers marked (made in the language of the moment)

    def art_wanted(self) -> Iterator[Wanted]:
        """Its cards (or dice) at its sizes: what History began making, made on (a replay opened
        from a file makes them now)."""
        return replay_jobs(self.record.game.value, self.names)

    @property
    def clickable(self) -> tuple[pygame.Rect, ...]:
        """The playback buttons, the timeline and Share."""
        return (*button_rects().values(), BAR.inflate(0, 24), SHARE)

    # -- what is shown --------------------------------------------------------------------

    @property
    def duel(self) -> bool:
        """Whether this is a dice duel (both cups) rather than a card table."""
        return self.record.game is GameKind.DUEL

    def current(self) -> int:
        """The index of the move that led to the position shown (-1 at the first deal)."""
        return bisect_right(self.steps, self.playback.position) - 1

    def told(self, index: int) -> Told:
        """The words of move `index` (kept until the language changes)."""
        if index not in self._told:
            self._told[index] = told(self.story.moments[index], self.record.rules, self.names)
        return self._told[index]

    def relabel(self) -> None:
        """The language changed: the moves (and who played) are told again."""
        self._told.clear()
        self._seats = ""

    def where(self) -> str:
        """Who played, which round, which move."""
        step = self.playback.step
        if not self._seats:
            self._seats = ", ".join(
                seat_label(seat.name, None if seat.person else seat.level) for seat in self.record.seats
            )
        names = self._seats
        moves = len(self.record.games[step.game].moves)
        if len(self.record.games) == 1:
            return t("story.replay.where_one", names=names, move=step.moves, moves=moves)
        return t(
            "story.replay.where",
            names=names,
            round=step.game + 1,
            rounds=len(self.record.games),
            move=step.moves,
            moves=moves,
        )

    def chrome(self) -> Chrome:
        """The chrome's frame now."""
        current = self.current()
        count = len(self.steps)
        first = max(0, current - BEFORE)
        lines = tuple(Line(self.told(i), i == current) for i in range(first, min(count, first + ROWS)))
        hints = (
            ("←→", t("story.hint.step")),
            ("↑↓", t("story.hint.lies")),
            ("PgUp PgDn", t("story.hint.challenges")),
            ("Space", t("story.hint.play")),
            ("1 2 4", t("story.hint.speed")),
            ("Esc", t("hint.back")),
        )
        title = t("story.replay.title", game=t(f"menu.{self.record.game.value}"))
        return Chrome(
            title,
            self.where(),
            lines,
            self.playback.fraction,
            self.marks,
            self.games,
            self.playback.playing,
            self.playback.speed,
            hints,
        )

    # -- playing it -----------------------------------------------------------------------

    def jump(self, kind: str) -> bool:
        """A jump by intent kind (up/down: lies, page_up/page_down: challenges); says when none."""
        method, none = JUMPS[kind]
        if getattr(self.playback, method)():
            self.app.sound.play("flip", 0.5)
            return True
        self.app.say(none)
        return False

    def share(self) -> None:
        """Export the replay as a file in the data folder and say where."""
        self.app.toast(share.export_line(self.record), 6.0)

    def handle(self, intent: Intent) -> bool:
        """Keys, pad, wheel and mouse (see the module docstring)."""
        kind, playback = intent.kind, self.playback
        if kind in ("back", "right_click"):
            self.app.sound.play("tock")
            self.app.stack.pop()
        elif kind in ("left", "right"):
            playback.playing = False
            playback.back() if kind == "left" else playback.forward()
        elif kind in JUMPS:
            self.jump(kind)
        elif kind in ("home", "end"):
            playback.playing = False
            playback.go(0 if kind == "home" else playback.last)
        elif kind in ("confirm", "select"):
            playback.toggle()
        elif kind == "tab":
            playback.faster(-1 if intent.value < 0 else 1)
        elif kind == "digit" and intent.value in SPEEDS:
            playback.speed = intent.value
        elif kind == "wheel":
            playback.playing = False
            playback.back() if intent.value > 0 else playback.forward()
        elif (
            kind == "unbound_key"
            and intent.source is not None
            and (intent.source.device, intent.source.code) in (("key", pygame.K_s), ("pad", PAD_X))
        ):
            self.share()
        elif kind in ("click", "motion", "click_end") and intent.pos is not None:
            return self._mouse(kind, intent.pos)
        else:
            return False
        return True

    def _mouse(self, kind: str, pos: tuple[int, int]) -> bool:
        if kind == "click_end":
            self.dragging = False
            return True
        if kind == "motion":
            if self.dragging:
                self.playback.scrub(bar_fraction(pos[0]))
            self.focus = next((name for name, rect in button_rects().items() if rect.collidepoint(pos)), None)
            return True
        if BAR.inflate(0, 24).collidepoint(pos):
            self.dragging = True
            self.playback.playing = False
            self.playback.scrub(bar_fraction(pos[0]))
            return True
        if SHARE.collidepoint(pos):
            self.share()
            return True
        for name, rect in button_rects().items():
            if rect.collidepoint(pos):
                self._button(name)
                return True
        return False

    def _button(self, name: str) -> None:
        playback = self.playback
        if name == "play":
            playback.toggle()
        elif name in SPEED_BUTTONS:
            playback.speed = SPEED_BUTTONS[name]
        elif name in ("back", "forward"):
            playback.playing = False
            playback.back() if name == "back" else playback.forward()
        else:
            self.jump("up" if name == "previous_lie" else "down")

    def update(self, dt: float) -> None:
        """Play on at the speed chosen."""
        if self.playback.update(dt):
            self.app.sound.play("flip", 0.3)

    def draw(self, surface: pygame.Surface) -> None:
        """The game at the position shown, the moves beside it, the timeline."""
        draw_backdrop(surface)
        step = self.playback.step
        current = self.current()
        moved = current >= 0 and step.moment is not None
        words = self.told(current) if moved else None
        if self.duel:
            draw_duel(surface, duel_frame(step, self.names, words, self.views))
        else:
            draw_table(surface, table_frame(step, self.record.rules, self.names, words, self.views))
        draw_chrome(surface, self.chrome(), self.focus, self.app.time)
        draw_button(surface, SHARE, t("story.share.button"), size=18, smallest=18)
