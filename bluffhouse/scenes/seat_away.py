"""The room's question when a phone seat's phone is gone and the game waits on it.

After AWAY_OFFER seconds of game time (scenes/play/away.py) the television asks: wait for the
phone (the focus: a stray Enter, or Esc, only waits), let a computer player hold the seat until
the phone is back, or play the seat here behind the curtain. Nothing is chosen in the first
moments after the question opens (a press meant for the game never answers it), and the last
choice needs its person: they press a free key, which becomes their challenge key, and the next
one, their peek key, as at the set-up — a click or a shared key never decides whose keys they
are. The question closes by itself once the phone is back.
"""

from __future__ import annotations

import pygame

from bluffhouse.scenes.pause import dim
from bluffhouse.scenes.shell.input import Intent, Source
from bluffhouse.scenes.shell.messages import message
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.ui.keycaps import draw_hints, draw_keycap
from bluffhouse.scenes.ui.keys import SHARED_PRESSES
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, draw_wrapped
from bluffhouse.scenes.ui.widgets import Button, Menu, draw_panel

GUARD = 0.6  # seconds after the question opens during which no press answers it
PANEL = pygame.Rect(0, 0, 780, 450)
PANEL.center = (640, 330)  # the key help inside it: clear of the phone's box under it
CHOOSE, CHALLENGE, PEEK = "choose", "challenge", "peek"


class AwayOfferScene(Scene):
    """Ana's phone is away on her turn: wait, a computer holds her seat, or she plays it here."""

    transparent = True

    def __init__(self, app, game, seat: int) -> None:
        """game: the PlayScene waiting on the seat; seat: the phone seat whose phone is away."""
        super().__init__(app)
        self.game, self.seat = game, seat
        self.person = game.names[seat]
        self.age = 0.0
        self.step = CHOOSE
        self.taken: list[Source] = []  # the keys its person pressed (challenge, then peek)
        self.closing = False
        self.wait_button = Button(t("phone.away.wait", name=self.person), self.wait, width=680, height=58)
        hold = Button(t("phone.away.hold", name=self.person), self.hold, width=680, height=58)
        here = Button(t("phone.away.here", name=self.person), self.here, width=680, height=58)
        self.menu = Menu(
            [self.wait_button, hold, here], center=(640, PANEL.y + 262), spacing=10, sound=app.sound
        )
        self.menu.focus_on(self.wait_button)

    # -- the choices ---------------------------------------------------------------------

    def wait(self) -> None:
        """Wait for the phone (asked again if the game waits as long again)."""
        self._close("tock")

    def hold(self) -> None:
        """A computer player holds the seat until the phone is back."""
        self._close("deal")
        self.game.away.hold(self.game, self.seat)

    def here(self) -> None:
        """The seat is played here: its person takes two keys of their own first."""
        self.step = CHALLENGE
        self.app.sound.play("click")
        self.app.input.capture_next(reserved=True)

    def _close(self, sound: str) -> None:
        self.closing = True
        self.app.input.cancel_capture()
        self.app.sound.play(sound)
        self.app.stack.pop()

    def taken_key(self, source: Source, owner: int | None, label: str) -> None:
        """A key pressed while its person is asked for theirs: theirs from now on, unless it is
        somebody's at this table (or theirs already)."""
        game, seat = self.game, self.seat
        at_the_screen = owner is not None and owner in game.flow.humans and owner not in game.flow.phones
        if source in self.taken:
            yours = message("setup.role.challenge")  # (only the first key can be pressed again)
            self.app.say("setup.key_yours", button=label, name=self.person, role=yours)
        elif at_the_screen and owner != seat and (bound := self.app.input.binding(source)) is not None:
            role = bound[1]
            self.app.say(
                "setup.key_taken", button=label, name=game.names[owner], role=message(f"setup.role.{role}")
            )
        else:
            self.taken.append(source)  # (a key left bound from another game is free here)
            self.app.sound.play("click")
            if self.step == CHALLENGE:
                self.step = PEEK
            else:
                self._close("flip")
                self.game.away.play_here(self.game, seat, (self.taken[0], self.taken[1]))
                return
        self.app.input.capture_next(reserved=True)

    # -- the scene ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """The choices (the first moments swallow every press); then the person's two keys."""
        if self.closing:
            return True
        kind = intent.kind
        if self.step != CHOOSE:
            if kind == "capture" and intent.source is not None:
                self.taken_key(intent.source, intent.player, intent.device or "?")
            elif kind in SHARED_PRESSES:  # the table's L is everybody's: never one person's key
                self.app.say(f"setup.key_shared.{kind}", button=intent.device or "?")
            elif kind in ("confirm", "select", "digit"):
                self.app.say("setup.key_reserved", button=intent.device or "?")
            elif kind == "back":  # not them after all: back to the three choices
                self.step, self.taken = CHOOSE, []
                self.app.input.cancel_capture()
                self.app.sound.play("tock")
            return True
        if kind == "back":
            self.wait()
            return True
        if self.age < GUARD and kind in ("confirm", "select", "click"):
            return True  # a press meant for the game as the question opened: it answers nothing
        self.menu.handle(intent)
        return True

    def update(self, dt: float) -> None:
        """The phone came back (or the game no longer waits on it): nothing left to decide."""
        self.age += dt
        if not self.closing and not self.game.away.waits_on(self.game, self.seat):
            self._close("tick")

    def exit(self) -> None:
        """Leaving: no key is waited for any more."""
        self.app.input.cancel_capture()

    def draw(self, surface: pygame.Surface) -> None:
        """The dimmed game, the question, its three answers (or the keys being taken)."""
        dim(surface, 150)
        draw_panel(surface, PANEL, (6, 30, 20, 248), (*Palette.GOLD, 220))
        room = PANEL.w - 80
        title = t("phone.away.title" if self.step == CHOOSE else "phone.away.here", name=self.person)
        draw_fitted(
            surface,
            title,
            (PANEL.centerx, PANEL.y + 44),
            room,
            32,
            Palette.GOLD_LIGHT,
            True,
            "center",
            smallest=READ,
        )
        if self.step == CHOOSE:
            box = pygame.Rect(PANEL.x + 40, PANEL.y + 80, room, 72)
            draw_wrapped(
                surface,
                t("phone.away.question", name=self.person),
                box,
                22,
                Palette.CREAM,
                align="center",
                max_lines=2,
                smallest=READ,
            )
            self.menu.draw(surface, self.app.time)
            hints = [("↑↓", t("hint.choose")), ("Enter", t("hint.select")), ("Esc", t("phone.away.esc"))]
        else:
            self._draw_keys(surface, room)
            hints = [("Esc", t("hint.back"))]
        draw_hints(surface, hints, PANEL.bottom - 32, room=room)

    def _draw_keys(self, surface: pygame.Surface, room: int) -> None:
        """Whose keys are being taken, which one comes next, and those pressed so far."""
        key = "phone.away.press_challenge" if self.step == CHALLENGE else "phone.away.press_peek"
        box = pygame.Rect(PANEL.x + 40, PANEL.y + 80, room, 100)
        draw_wrapped(
            surface,
            t(key, name=self.person),
            box,
            26,
            Palette.CREAM,
            True,
            align="center",
            max_lines=3,
            smallest=READ,
        )
        note = pygame.Rect(box.x, box.bottom + 6, room, 90)
        draw_wrapped(
            surface,
            t("phone.away.keys_note", name=self.person),
            note,
            READ,
            Palette.CREAM_DIM,
            align="center",
            max_lines=3,
        )
        for index, role in enumerate(("challenge", "peek")):
            y = PANEL.y + 318 + index * 44
            label = t(f"setup.role.{role}")
            draw_fitted(
                surface, label, (PANEL.centerx - 12, y), room // 2, READ, Palette.CREAM, anchor="midright"
            )
            if index < len(self.taken):
                draw_keycap(
                    surface, self.app.input.name(self.taken[index]), (PANEL.centerx + 12, y), 18, "midleft"
                )
            else:
                lit = index == len(self.taken) and int(self.app.time * 2.5) % 2 == 0
                draw_keycap(surface, "?", (PANEL.centerx + 12, y), 18, "midleft", lit=lit)
