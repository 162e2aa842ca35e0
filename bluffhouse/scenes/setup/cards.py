"""The set-up of Bullets and Kamu: who sits at the table, their keys, and the house rules."""

from __future__ import annotations

import pygame

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.setup.focus import SeatFocus
from bluffhouse.scenes.setup.keys import KeyCapture
from bluffhouse.scenes.setup.model import MAX_SEATS, PERSON, SetupDraft
from bluffhouse.scenes.setup.naming import settle_name
from bluffhouse.scenes.setup.options import OptionSteppers
from bluffhouse.scenes.setup.paint import STATUS_Y, draw_setup, frame_of
from bluffhouse.scenes.setup.seats import SEAT_PANEL, SeatLook, add_row_y
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Intent, Source
from bluffhouse.scenes.shell.registry import NEEDS, open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import GameSetup
from bluffhouse.scenes.shell.warmup import imports
from bluffhouse.scenes.table.art_wanted import table_jobs
from bluffhouse.scenes.ui.keys import SHARED_PRESSES
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import has_hidden, typed
from bluffhouse.scenes.ui.widgets import Button

BUTTON_Y = 660
START_W, START_WAITING_W = 320, 470  # the Start button widens to say who it waits for
START_H, START_WAITING_H = 50, 58  # ...and grows, so that two lines stand clear of its frame
FLASH_TIME = 0.7
# While waiting for someone's key, these do not cancel the wait: they are told to pick another.
RESERVED_PRESSES = ("confirm", "select", "digit", "backspace", "home", "end", "page_up", "page_down")


def settings_key(game: str) -> str:
    """Where the last set-up of game is remembered in app.settings."""
    return f"setup.{game}"


TOAST_FOOT = STATUS_Y - 8  # the prompt lines under the panels start at STATUS_Y


class SetupScene(KeyCapture, SeatFocus, Scene):
    """Seats (people join with a key of their own, or computer players) and the rule options."""

    def __init__(self, app: App, game: str, previous: GameSetup | None = None) -> None:
        """game is "bullets" or "kamu"; previous (from the results screen) is set up again."""
        super().__init__(app)
        self.game = "kamu" if game == "kamu" else "bullets"
        if previous is not None:
            self.draft = SetupDraft.from_setup(self.game, previous, self._still_bound(previous))
        else:
            stored = app.settings.get(settings_key(self.game))
            self.draft = SetupDraft.from_settings(self.game, stored)
            self._reuse_bound_keys()
        self.draft.give_default_keys()
        self.options = OptionSteppers(self.draft)
        self.add_person = Button(t("setup.add_person"), lambda: self.add(PERSON), 220, 40, size=19)
        self.add_computer = Button(t("setup.add_computer"), lambda: self.add("medium"), 220, 40, size=19)
        self.back_button = Button(t("setup.back"), self.leave, 220, 46, size=22)
        self.start_button = Button(t("setup.start"), self.start, START_W, START_H, size=26)
        self.back_button.rect.center = (360, BUTTON_Y)
        self.start_button.rect.center = (880, BUTTON_Y)
        for button in (self.add_person, self.add_computer, self.back_button, self.start_button):
            button.markers = False
        self.focus = "start"
        self.editing: int | None = None
        self.fresh = False
        self.capture: tuple[int, str] | None = None
        self.backup: tuple[Source | None, Source | None] | None = None
        self.flash: dict[int, float] = {}
        self._place_add_row()
        self.frame = frame_of(self)

    # -- building the draft -------------------------------------------------------------

    def _still_bound(self, previous: GameSetup):
        """source_of for from_setup: a key counts only if it still shows the same name."""
        shown = {(i, "challenge"): s.challenge_key for i, s in enumerate(previous.seats)}
        shown.update({(i, "peek"): s.peek_key for i, s in enumerate(previous.seats)})

        def source_of(seat: int, role: str) -> Source | None:
            source = self.app.input.source_of(seat, role)
            if source is not None and self.app.input.name(source) == shown.get((seat, role)):
                return source
            return None

        return source_of

    def _reuse_bound_keys(self) -> None:
        """Keys people pressed earlier this evening still sit on their seats."""
        for index, seat in enumerate(self.draft.seats):
            if seat.keyed:
                seat.challenge = self.app.input.source_of(index, "challenge")
                seat.peek = self.app.input.source_of(index, "peek")
                if seat.challenge is None:
                    seat.peek = None

    def sync_bindings(self) -> None:
        """Make the input layer's bindings exactly the draft's keys (seat index = player)."""
        for player in range(MAX_SEATS):
            self.app.input.unbind_player(player)
        for index, seat in enumerate(self.draft.seats):
            for source, role in seat.sources():
                self.app.input.bind(source, index, role)

    def remember(self) -> None:
        """Keep names, kinds and options in the settings for next time."""
        self.app.settings[settings_key(self.game)] = self.draft.to_settings()

    # -- scene --------------------------------------------------------------------------

    @property
    def wants_text(self) -> bool:
        """Typing goes to a name while one is being edited."""
        return self.editing is not None

    @property
    def toast_foot(self) -> int | None:
        """Short messages rise from above the prompt lines and Start, never over them."""
        return TOAST_FOOT

    @property
    def clickable(self) -> tuple[pygame.Rect, ...]:
        """Every cell the arrows and the mouse reach (two "takes … seat" toasts stacked over
        "+ Computer")."""
        return tuple(self.rect_of(cell) for cell in self._cells())

    def relabel(self) -> None:
        """The language changed: default names, the options and the buttons say it."""
        self.draft.relabel()
        self.options = OptionSteppers(self.draft)
        for button, key in (
            (self.add_person, "setup.add_person"),
            (self.add_computer, "setup.add_computer"),
            (self.back_button, "setup.back"),
        ):
            button.label = t(key)
        self.frame = frame_of(self)

    def enter(self) -> None:
        """Bindings follow the draft from the start."""
        self.sync_bindings()

    def art_wanted(self):
        """The table this set-up starts: its modules first, then its art, jokers too (they are an
        option of the set-up)."""
        rules = Rules.kamu(jokers=True) if self.game == "kamu" else Rules.bullets(jokers=True)
        return [*imports(NEEDS.get("table", ())), *table_jobs(rules, people=True)]

    def exit(self) -> None:
        """Stop waiting for a key: it would be captured by the next screen."""
        self.app.input.cancel_capture()

    def update(self, dt: float) -> None:
        """Fade the key flashes; say on Start who is still missing; copy the frame."""
        waiting = self.draft.waiting()
        centre = self.start_button.rect.center
        self.start_button.label = waiting or t("setup.start")
        self.start_button.rect.size = (START_WAITING_W, START_WAITING_H) if waiting else (START_W, START_H)
        self.start_button.rect.center = centre
        for seat in list(self.flash):
            self.flash[seat] -= dt / FLASH_TIME
            if self.flash[seat] <= 0:
                del self.flash[seat]
        self.frame = frame_of(self)

    # -- actions ------------------------------------------------------------------------

    def add(self, kind: str) -> None:
        """A new seat; a person is asked for their key straight away."""
        index = self.draft.add(kind)
        if index is None:
            self.app.say("setup.table_full")
            return
        self.app.sound.play("deal")
        self._changed()
        if kind == PERSON:
            self.focus = f"seat:{index}:keys"
            self.begin_capture(index, "challenge")

    def remove(self, index: int) -> None:
        """Take a seat away (never below two)."""
        self.cancel_capture()
        if not self.draft.remove(index):
            self.app.say("setup.need_two")
            return
        self.app.sound.play("tock")
        self.flash.clear()
        self._changed()
        cells = self._cells()
        if self.focus not in cells:
            self.focus = f"seat:{min(index, len(self.draft.seats) - 1)}:remove"

    def cycle_kind(self, index: int, step: int = 1) -> None:
        """Person → person + coach → on a phone → computer (easy, medium, hard, expert) → person."""
        if self.capture is not None and self.capture[0] == index:
            self.cancel_capture()
        self.draft.cycle_kind(index, step)
        self.app.sound.play("click")
        self._changed()
        if self.draft.seats[index].keyed and self.draft.seats[index].challenge is None:
            self.begin_capture(index, "challenge")

    def start(self) -> None:
        """Check the table, remember it, and sit everybody down at the card table."""
        self.cancel_capture()
        problem = self.draft.problem()
        if problem is not None:
            self.app.toast(problem)
            self.app.sound.play("doubt")
            waiting = next((i for i, s in enumerate(self.draft.seats) if not s.joined), None)
            if waiting is not None:
                self.focus = f"seat:{waiting}:keys"
            elif (missing := self.draft.without_peek()) is not None:
                self.focus = f"seat:{missing}:keys"
                self.begin_capture(missing, "peek")  # their next key press becomes it
            return
        self.sync_bindings()
        self.remember()
        setup = GameSetup(
            self.draft.rules(),
            self.draft.seat_specs(self.app.input.name),
            seed=self.app.rng.randrange(2**32),
            options={"hand": self.draft.chosen_hand},
        )
        self.app.sound.play("deal")
        if setup.phones:  # each phone seat scans its own code first
            self.app.stack.replace(open_scene("phone_join", self.app, setup, "table"))
            return
        self.app.stack.replace(open_scene("table", self.app, setup))

    def leave(self) -> None:
        """Back to the menu, remembering the set-up."""
        self.cancel_capture()
        self.remember()
        self.app.sound.play("tock")
        below = self.app.stack.scenes[-2] if len(self.app.stack.scenes) > 1 else None
        if below is not None and below.name == "menu":
            self.app.stack.pop()
        else:
            self.app.back_to_menu()

    def _changed(self) -> None:
        self.sync_bindings()
        self._place_add_row()

    def _place_add_row(self) -> None:
        y = add_row_y(len(self.draft.seats))
        self.add_person.rect.topleft = (SEAT_PANEL.x + 68, y)
        self.add_computer.rect.topleft = (SEAT_PANEL.x + 300, y)
        full = len(self.draft.seats) >= MAX_SEATS
        self.add_person.enabled = self.add_computer.enabled = not full

    def activate(self, cell: str, intent: Intent) -> bool:
        """Enter, Space, a pad's ✕/A or a click on a cell."""
        if cell.startswith("seat:"):
            _, index, part = cell.split(":")
            i = int(index)
            if part == "name":
                self.editing, self.fresh = i, True
                self.app.sound.play("tick")
            elif part == "kind":
                self.cycle_kind(i, -1 if intent.kind == "right_click" else 1)
            elif part == "keys":
                self.begin_capture(i, "challenge")
                self.app.sound.play("tick")
            elif part == "remove":
                self.remove(i)
            return True
        if cell.startswith("opt:"):
            return self.options.steppers[cell[4:]].handle(intent, True)
        button = {
            "add:person": self.add_person,
            "add:computer": self.add_computer,
            "back": self.back_button,
            "start": self.start_button,
        }[cell]
        return button.handle(intent, True)

    # -- intents ------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """Names being typed, keys being captured, people joining, then navigation."""
        kind = intent.kind
        if self.editing is not None and self._edit(intent):
            return True
        if kind == "capture" and intent.source is not None:
            self.captured(intent.source, intent.device or "?")
            return True
        if kind in ("challenge", "peek") and intent.player is not None:
            self.flash[intent.player] = 1.0  # "that is my key": the seat lights up
            self.app.sound.play("tick")
            return True
        if kind == "unbound_key" and intent.source is not None:
            if self.capture is not None:  # two keys in one frame: the second was read before the
                self.captured(intent.source, intent.device or "?")  # first asked for a peek key
                if self.capture is None:
                    self.app.input.cancel_capture()
            else:
                self.newcomer(intent.source, intent.device or "?")
            return True
        if kind in SHARED_PRESSES:  # the table's L: everybody's, never one person's key
            self.app.say(f"setup.key_shared.{kind}", button=intent.device or "?")
            self.app.sound.play("doubt")
            return True
        if self.capture is not None:
            if kind == "back":
                self.cancel_capture()
                self.app.sound.play("tock")
                return True
            if kind in RESERVED_PRESSES:
                self.app.say("setup.key_reserved", button=intent.device or "?")
                return True
            if kind in ("up", "down", "left", "right", "tab", "click", "right_click"):
                self.cancel_capture()
        if kind == "back":
            self.leave()
            return True
        on_option = self.focus.startswith("opt:")
        if kind in ("up", "down", "tab") or (kind in ("left", "right") and not on_option):
            self.move(kind)
            return True
        if kind == "motion" and intent.pos is not None:
            cell = self.cell_at(intent.pos)
            if cell is not None and cell != self.focus:
                self.focus = cell
                self.app.sound.play("tick", 0.5)
            return True
        if kind in ("click", "right_click") and intent.pos is not None:
            cell = self.cell_at(intent.pos)
            if cell is None:
                return False
            self.focus = cell
            return self.activate(cell, intent)
        if kind in ("confirm", "select", "left", "right"):
            return self.activate(self.focus, intent)
        return False

    def _edit(self, intent: Intent) -> bool:
        """Typing a name; True when the intent was part of the typing."""
        index = self.editing
        assert index is not None
        seat = self.draft.seats[index]
        if intent.kind == "text":
            if has_hidden(intent.text):  # they would show as boxes: left out, and said so
                self.app.say("app.letters_hidden")
            base = "" if self.fresh else seat.name
            name = typed(base + intent.text)
            if name != base:  # only invisible characters typed: the name (and "fresh") stay
                self.draft.rename(index, name)
                self.fresh = False
            return True
        if intent.kind == "backspace":
            self.draft.rename(index, "" if self.fresh else seat.name[:-1])
            self.fresh = False
            return True
        self.editing = None
        self.commit_name(index)
        if intent.kind in ("confirm", "back"):
            self.app.sound.play("tock")
            return True
        return False  # arrows and clicks end the typing and then do their usual thing

    def commit_name(self, index: int) -> None:
        """The typing is over: the name settles on its seat (scenes.setup.naming), told on screen."""
        for words in settle_name(self.draft, index):
            self.app.toast(words)

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Title, the seats on the left, the rules on the right, Start at the bottom."""
        draw_setup(self.frame, surface)

    def _key_name(self, source: Source | None) -> str | None:
        return self.app.input.name(source) if source else None

    def seat_look(self, index: int) -> SeatLook:
        """How seat index should look right now."""
        seat = self.draft.seats[index]
        prefix = f"seat:{index}:"
        focus = self.focus[len(prefix) :] if self.focus.startswith(prefix) else None
        names = (self._key_name(seat.challenge), self._key_name(seat.peek))
        capturing = self.capture[1] if self.capture and self.capture[0] == index else None
        return SeatLook(
            focus, self.editing == index, self.fresh, capturing, self.flash.get(index, 0.0), names
        )
