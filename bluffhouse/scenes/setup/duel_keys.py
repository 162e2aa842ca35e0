"""The duel set-up's keys: press a free key and it is yours, as at the card set-up.

The first free key anybody presses joins the first seat still without keys (Ana, then Ben):
it becomes that person's challenge key, and their next key their peek key. Enter on a key row
changes that row's keys; a click, which anybody's hand may make, never decides whose the next
key is. DuelKeys is a mixin of DuelSetupScene (which provides app, mode, rows, menu, names).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bluffhouse.scenes.shell.input import Intent, Source
from bluffhouse.scenes.ui.keycaps import draw_keycap
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_text, fit_line
from bluffhouse.scenes.ui.widgets import Menu, Widget

if TYPE_CHECKING:
    from bluffhouse.scenes.shell.app import App

DEFAULT_KEY = pygame.K_c  # "C" for challenge, as in the quick game
DEFAULT_PEEK = pygame.K_e  # and "E" to peek, as at the card set-up
ROW_W, ROW_H = 660, 50


class KeyRow(Widget):
    """A person's keys, as they pressed them; Enter on it, then a key for each role, changes them."""

    def __init__(self, scene, seat: int, roles: tuple[str, ...], height: int = ROW_H) -> None:
        """roles: ("challenge",) against the computer, ("challenge", "peek") for two people."""
        super().__init__(ROW_W, height)
        self.scene, self.seat, self.roles = scene, seat, roles
        self.step = 0  # which role the next key press takes
        self.listening = False  # taking keys now (only after Enter or a click on the row)

    @property
    def role(self) -> str:
        """The role the next captured key will get."""
        return self.roles[self.step % len(self.roles)]

    def listen(self, role: str | None = None) -> None:
        """Start taking keys, from `role` (else from the first role)."""
        self.step = self.roles.index(role) if role in self.roles else 0
        self.listening = True

    def stop(self) -> None:
        """Stop taking keys."""
        self.listening = False
        self.step = 0

    def handle(self, intent: Intent, focused: bool) -> bool:
        """Enter/click starts listening; each captured key takes the waiting role; Esc stops."""
        if not focused:
            return False
        kind = intent.kind
        if kind == "click" and not self.listening:
            # A click is anybody's: it never decides whose the next key press is. A person's own
            # free key joins them (DuelKeys.join); Enter on the row changes these keys.
            self.scene.app.say("duel.setup.toast.press_own")
            self.scene.app.sound.play("tick")
            return True
        if kind in ("confirm", "select") and not self.listening:
            self.listen()
            self.scene.app.sound.play("click")
            return True
        if self.listening and kind == "back":
            self.stop()
            self.scene.app.sound.play("tock")
            return True
        if self.listening and kind == "capture" and intent.source is not None:
            if self.scene.assign(self.seat, self.role, intent.source):
                self.step += 1
                if self.step >= len(self.roles):
                    self.stop()  # every role has its key: done
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, time: float) -> None:
        """Label on the left; each role's key cap (or "press a key") on the right."""
        color = self._frame(surface, focused, time)
        r = self.rect
        x = r.right - 20
        for role in reversed(self.roles):
            source = self.scene.app.input.source_of(self.seat, role)
            waiting = focused and self.listening and self.role == role
            if source is None:
                text = t("duel.setup.press") if waiting else t("duel.setup.none")
                shown = draw_text(surface, text, (x, r.centery), 18, color, waiting, "midright", None)
                x = shown.left - 8
            else:
                lit = waiting and int(time * 2.5) % 2 == 0  # blinks: the next key press replaces it
                cap = draw_keycap(
                    surface, self.scene.app.input.name(source), (x, r.centery), 16, "midright", lit=lit
                )
                x = cap.left - 8
            shown = draw_text(
                surface,
                t(f"duel.setup.role.{role}"),
                (x, r.centery),
                READ,
                color,
                anchor="midright",
                shadow=None,
            )
            x = shown.left - 18
        label = t("duel.setup.keys", name=self.scene.name_of(self.seat))
        size, label = fit_line(label, x - (r.x + 26), 21, READ)  # the name may be long: the caps stay
        draw_text(
            surface,
            label,
            (r.x + 26, r.centery),
            size,
            color,
            anchor="midleft",
            shadow=None if focused else Palette.SHADOW,
        )


class DuelKeys:
    """Whose keys are whose at the duel set-up (the input layer's bindings, seat = player)."""

    # What DuelSetupScene provides:
    app: App
    mode: str  # "computer" or "people"
    phones: str  # which seats play on phones (DUEL_PHONE_CHOICES)
    rows: dict[str, Widget]
    menu: Menu

    if TYPE_CHECKING:

        def name_of(self, seat: int) -> str: ...

    def seats_in_play(self) -> tuple[int, ...]:
        """The seats of this duel: one against the computer, two for two people."""
        return (0, 1) if self.mode == "people" else (0,)

    def join(self, source: Source) -> None:
        """A free key pressed on the set-up: it belongs to whoever pressed it, the first person
        still without keys; their next key becomes their peek key (two people)."""
        inp = self.app.input
        seats = [s for s in self.seats_in_play() if not self.on_phone(s)]
        seat = next((s for s in seats if inp.source_of(s, "challenge") is None), None)
        if seat is None:  # everybody has their keys (or holds a phone)
            self.app.say("duel.setup.toast.all_keyed")
            self.app.sound.play("tock")
            return
        if not self.assign(seat, "challenge", source):
            return
        row = self.rows.get(f"keys{seat}")
        if isinstance(row, KeyRow):
            self.menu.focus_on(row)
            if self.mode == "people" and inp.source_of(seat, "peek") is None:
                row.listen("peek")

    def _bind_remembered(self) -> None:
        inp = self.app.input
        for player in range(8):
            inp.unbind_player(player)
        keys = self.app.settings.get("duel.keys")
        keys = keys if isinstance(keys, dict) else {}
        for seat in (0, 1):
            roles = keys.get(str(seat))
            if not isinstance(roles, dict):
                continue
            for role in ("challenge", "peek"):
                code = roles.get(role)
                if isinstance(code, int) and not isinstance(code, bool):
                    source = Source("key", code)
                    if inp.bindable(source) and inp.binding(source) is None:
                        inp.bind(source, seat, role)
        if inp.source_of(0, "challenge") is None and inp.binding(Source("key", DEFAULT_KEY)) is None:
            inp.bind(Source("key", DEFAULT_KEY), 0, "challenge")
        self.give_default_peek()

    def give_default_peek(self) -> None:
        """Two people: the first, still on the Quick game's C, gets E to peek (if nobody has it)."""
        inp = self.app.input
        if (
            self.mode == "people"
            and inp.source_of(0, "challenge") == Source("key", DEFAULT_KEY)
            and inp.source_of(0, "peek") is None
            and inp.binding(Source("key", DEFAULT_PEEK)) is None
        ):
            inp.bind(Source("key", DEFAULT_PEEK), 0, "peek")

    def assign(self, seat: int, role: str, source: Source) -> bool:
        """Make source the seat's key for role, unless someone else has it; True when bound."""
        inp = self.app.input
        owner = inp.binding(source)
        if owner is not None and owner != (seat, role):
            if owner[0] == seat:
                self.app.say("duel.setup.toast.own_key")
            elif owner[0] in (0, 1) and self._seat_in_play(owner[0]):
                self.app.say("duel.setup.toast.taken", name=self.name_of(owner[0]))
            else:
                inp.unbind(source)
                owner = None
            if owner is not None:
                self.app.sound.play("tock")
                return False
        inp.bind(source, seat, role)
        self.app.sound.play("click")
        self._remember_keys()
        return True

    def _seat_in_play(self, seat: int) -> bool:
        return seat == 0 or self.mode == "people"

    def _remember_keys(self) -> None:
        keys: dict[str, dict[str, int]] = {}
        for seat in (0, 1):
            for role in ("challenge", "peek"):
                source = self.app.input.source_of(seat, role)
                if source is not None and source.device == "key":
                    keys.setdefault(str(seat), {})[role] = source.code
        self.app.settings["duel.keys"] = keys

    def missing(self) -> tuple[int, str] | None:
        """The first (seat, role) still without a key, or None when all may play."""
        need = [(0, "challenge")]
        if self.mode == "people":
            need = [(0, "challenge"), (0, "peek"), (1, "challenge"), (1, "peek")]
        need = [(seat, role) for seat, role in need if not self.on_phone(seat)]  # a phone needs no keys
        return next((need_ for need_ in need if self.app.input.source_of(*need_) is None), None)

    def on_phone(self, seat: int) -> bool:
        """True when the person at seat holds their dice on their own phone."""
        return self.phones == "both" or self.phones == str(seat)
