"""DuelSetupScene: you against the computer or two people on the couch, keys, points, opening."""

from __future__ import annotations

from dataclasses import replace

import pygame

from bluffhouse.game.rules import Opening, Rules
from bluffhouse.scenes.art.wanted import entering_later
from bluffhouse.scenes.duel.art_wanted import duel_jobs
from bluffhouse.scenes.setup.duel_keys import ROW_H, ROW_W, DuelKeys, KeyRow
from bluffhouse.scenes.setup.model import (
    DUEL_COACH_CHOICES,
    DUEL_DEFAULT_NAMES,
    DUEL_LEVELS,
    DUEL_MODES,
    DUEL_OPENINGS,
    DUEL_PHONE_CHOICES,
    waiting_words,
)
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.registry import NEEDS, open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import BOT_NAMES, GameSetup, SeatSpec
from bluffhouse.scenes.shell.warmup import imports
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.keys import SHARED_PRESSES
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import NAME_MAX, clean_name, has_hidden, unique_name
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_fitted
from bluffhouse.scenes.ui.theme import draw_backdrop, title_image
from bluffhouse.scenes.ui.widgets import Button, Menu, Stepper, TextField, Widget

ROWS_H = {"computer": ROW_H, "people": 44}


class DuelSetupScene(DuelKeys, Scene):
    """Choose the opponent, names, keys, points to win and the opening; then Start."""

    def __init__(self, app) -> None:
        """Read the last choices from the settings and bind the remembered keys."""
        super().__init__(app)
        s = app.settings
        self.mode = s.get("duel.mode") if s.get("duel.mode") in DUEL_MODES else "computer"
        self.level = s.get("duel.level") if s.get("duel.level") in DUEL_LEVELS else "medium"
        points = s.get("duel.points")
        self.points = points if type(points) is int and 1 <= points <= 9 else 3  # true is no count
        self.opening = s.get("duel.opening") if s.get("duel.opening") in DUEL_OPENINGS else "both"
        self.coach = s.get("duel.coach") if s.get("duel.coach") in DUEL_COACH_CHOICES else "off"
        self.phones = s.get("duel.phones") if s.get("duel.phones") in DUEL_PHONE_CHOICES else "off"
        names = s.get("duel.names")
        fallback = [clean_name(s.get("name")) or DUEL_DEFAULT_NAMES[0], DUEL_DEFAULT_NAMES[1]]
        if isinstance(names, list) and len(names) == 2:
            fallback = [clean_name(n) or d for n, d in zip(names, fallback, strict=True)]
        self.names = fallback
        self._bind_remembered()
        self.menu = self._build(focus_start=True)

    # -- keys ----------------------------------------------------------------------------

    def name_of(self, seat: int) -> str:
        """A seat's name as typed (or its default); the second never the same as the first's."""
        name = clean_name(self.names[seat]) or DUEL_DEFAULT_NAMES[seat]
        return unique_name(name, [self.name_of(0)]) if seat == 1 else name

    def commit_names(self) -> None:
        """Typing is over: a name with nothing to show goes back to its default, one the same as
        the other's gets a number (said on screen); remember them."""
        for seat, text in enumerate(self.names):
            clean = clean_name(text)
            if clean is None and text.strip():
                self.app.say("app.name_rejected", name=DUEL_DEFAULT_NAMES[seat])
                self._name_field(seat, DUEL_DEFAULT_NAMES[seat])
            elif clean is not None and has_hidden(text):
                self.app.say("app.name_trimmed", name=clean)
                self._name_field(seat, clean)
        if self.mode == "people" and self.name_of(1) != (clean_name(self.names[1]) or DUEL_DEFAULT_NAMES[1]):
            self.app.say("setup.name_taken", taken=self.name_of(0), name=self.name_of(1))
            self._name_field(1, self.name_of(1))
        self.app.settings["duel.names"] = [clean_name(n) or "" for n in self.names]

    def _name_field(self, seat: int, name: str) -> None:
        """The name of seat is now name, in its text field too."""
        self.names[seat] = name
        field = self.rows.get(f"name{seat}")
        if isinstance(field, TextField):
            field.text = name

    # -- the form ------------------------------------------------------------------------

    def _build(self, focus_start: bool = False) -> Menu:
        ROW_H = ROWS_H[self.mode]  # two people have more rows: slimmer ones
        opponent = Stepper(
            t("duel.setup.opponent"),
            [(m, t(f"duel.setup.mode.{m}")) for m in DUEL_MODES],
            DUEL_MODES.index(self.mode),
            self._set_mode,
            ROW_W,
            ROW_H,
        )
        widgets: list[Widget] = [opponent]
        self.rows: dict[str, Widget] = {"mode": opponent}
        if self.mode == "computer":
            level = Stepper(
                t("duel.setup.level"),
                [(v, t(f"duel.setup.level.{v}")) for v in DUEL_LEVELS],
                DUEL_LEVELS.index(self.level),
                self._set("level"),
                ROW_W,
                ROW_H,
            )
            widgets.append(level)
            self.rows["level"] = level
        roles = ("challenge",) if self.mode == "computer" else ("challenge", "peek")
        for seat in (0, 1) if self.mode == "people" else (0,):
            label = t("duel.setup.name", n=seat + 1)
            field = TextField(
                label,
                self.names[seat],
                NAME_MAX,
                self._set_name(seat),
                width=ROW_W,
                height=ROW_H,
                on_hidden=lambda: self.app.say("app.letters_hidden"),
            )
            widgets.append(field)
            self.rows[f"name{seat}"] = field
            if not self.on_phone(seat):  # a phone seat has no keys to set
                keys = KeyRow(self, seat, roles, ROW_H)
                widgets.append(keys)
                self.rows[f"keys{seat}"] = keys
        on_phones = [c for c in DUEL_PHONE_CHOICES if self.mode == "people" or c in ("off", "0")]
        if self.phones not in on_phones:
            self.phones = "off"
        phones = Stepper(
            t("duel.setup.phones"),
            [(c, self._phones_label(c)) for c in on_phones],
            on_phones.index(self.phones),
            self._set_phones,
            ROW_W,
            ROW_H,
        )
        widgets.append(phones)
        points = Stepper(
            t("duel.setup.points"),
            [(n, str(n)) for n in range(1, 10)],
            self.points - 1,
            self._set("points"),
            ROW_W,
            ROW_H,
        )
        opening = Stepper(
            t("duel.setup.opening"),
            [(o, t(f"duel.setup.opening.{o}")) for o in DUEL_OPENINGS],
            DUEL_OPENINGS.index(self.opening),
            self._set("opening"),
            ROW_W,
            ROW_H,
        )
        choices = [c for c in DUEL_COACH_CHOICES if self.mode == "people" or c in ("off", "0")]
        if self.coach not in choices:
            self.coach = "off"
        coach = Stepper(
            t("duel.setup.coach"),
            [(c, self._coach_label(c)) for c in choices],
            choices.index(self.coach),
            self._set("coach"),
            ROW_W,
            ROW_H,
        )
        start = Button(t("duel.setup.start"), self.start, ROW_W, 54)
        widgets += [points, opening, coach, start]
        self.rows.update(points=points, opening=opening, coach=coach, phones=phones, start=start)
        spacing = 7 if self.mode == "computer" else 4
        menu = Menu(widgets, center=(640, 376), spacing=spacing, sound=self.app.sound)
        if focus_start:
            menu.focus_on(start)
        return menu

    def _coach_label(self, choice: str) -> str:
        """ "Off", "On", a person's name, or "Both"."""
        if choice in ("off", "both"):
            return t(f"duel.setup.coach.{choice}")
        return self.name_of(int(choice)) if self.mode == "people" else t("duel.setup.coach.on")

    def _phones_label(self, choice: str) -> str:
        """ "Nobody", "On", a person's name, or "Both"."""
        if choice in ("off", "both"):
            return t(f"duel.setup.phones.{choice}")
        return self.name_of(int(choice)) if self.mode == "people" else t("duel.setup.phones.on")

    def _set_phones(self, choice: str) -> None:
        """Who plays on a phone: their key row goes (or comes back)."""
        self.phones = choice
        self.app.settings["duel.phones"] = choice
        self.menu = self._build()
        self.menu.focus_on(self.rows["phones"])

    def coached(self, seat: int) -> bool:
        """True when the coach sits with the person at `seat` (per person, as set up)."""
        return self.coach == "both" or self.coach == str(seat)

    def _set(self, name: str):
        def change(value) -> None:
            setattr(self, name, value)
            self.app.settings[f"duel.{name}"] = value

        return change

    def _set_name(self, seat: int):
        def change(text: str) -> None:
            self.names[seat] = text  # remembered when the typing is over (no file write per key)

        return change

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        self.app.settings["duel.mode"] = mode
        self.give_default_peek()
        self.menu = self._build()
        self.menu.focus_on(self.rows["mode"])
        if mode == "computer":
            for role in ("challenge", "peek"):
                source = self.app.input.source_of(1, role)
                if source is not None:
                    self.app.input.unbind(source)
            peek = self.app.input.source_of(0, "peek")
            if peek is not None:
                self.app.input.unbind(peek)

    # -- starting ------------------------------------------------------------------------

    def start(self) -> None:
        """Build the game set-up and open the duel (or say who still has to press a key)."""
        self.commit_names()
        gap = self.missing()
        if gap is not None:
            seat, role = gap
            self.app.say(f"duel.setup.toast.need_{role}", name=self.name_of(seat))
            self.app.sound.play("tock")
            self.menu.focus_on(self.rows[f"keys{seat}"])
            row = self.rows[f"keys{seat}"]  # (phone seats need no keys: never missing)
            assert isinstance(row, KeyRow)
            row.listen(role)
            return
        inp = self.app.input
        self.app.input.cancel_capture()
        seats = []
        for seat in (0, 1) if self.mode == "people" else (0,):
            if self.on_phone(seat):
                seats.append(SeatSpec(self.name_of(seat), human=True, phone=True))
                continue
            challenge, peek = inp.source_of(seat, "challenge"), inp.source_of(seat, "peek")
            seats.append(
                SeatSpec(
                    self.name_of(seat),
                    human=True,
                    challenge_key=inp.name(challenge) if challenge else None,
                    peek_key=inp.name(peek) if peek else None,
                    coach=self.coached(seat),
                )
            )
        if self.mode == "computer":
            bot_name = next(n for n in BOT_NAMES[1:] if n.lower() != self.name_of(0).lower())
            seats.append(SeatSpec(bot_name, human=False, bot=self.level))
        rules = Rules.duel(points_to_win=self.points, opening=Opening(self.opening))
        options = {"mode": self.mode, "level": self.level}
        setup = GameSetup(rules, seats, seed=self.app.rng.randrange(2**32), options=options)
        self.app.sound.play("deal")
        if setup.phones:  # each phone seat scans its own code first
            self.app.stack.replace(open_scene("phone_join", self.app, setup, "duel_game"))
            return
        self.app.stack.replace(open_scene("duel_game", self.app, setup))

    # -- the scene -----------------------------------------------------------------------

    @property
    def wants_text(self) -> bool:
        """Typing goes to a name field while it has the focus."""
        return self.menu.wants_text

    def art_wanted(self):
        """The duel this set-up starts: its modules first, then its art (its cup is built as the
        duel enters)."""
        return [*imports(NEEDS.get("duel_game", ())), *entering_later(duel_jobs())]

    def handle(self, intent: Intent) -> bool:
        """Esc goes back; everything else goes to the form; leaving a name field ends its typing."""
        before = self.menu.focused
        consumed = self._route(intent)
        if isinstance(before, TextField) and self.menu.focused is not before:
            self.commit_names()
        return consumed

    def _route(self, intent: Intent) -> bool:
        focused = self.menu.focused
        listening = isinstance(focused, KeyRow) and focused.listening
        if intent.kind == "back" and listening:
            return self.menu.handle(intent)  # Esc stops listening for keys
        if intent.kind == "back":
            self.app.input.cancel_capture()
            self.commit_names()
            self.app.sound.play("tock")
            self.app.stack.pop()
            return True
        if intent.kind == "capture" and not listening:
            return True
        if intent.kind in SHARED_PRESSES:  # the table's L: everybody's, never one person's key
            self.app.say(f"setup.key_shared.{intent.kind}", button=intent.device or "?")
            self.app.sound.play("tock")
            return True
        if intent.kind == "unbound_key" and intent.source is not None:
            row = self.menu.focused
            if isinstance(row, KeyRow) and row.listening:  # two keys in one frame: the second one
                # was read before the first one's row listened
                return self.menu.handle(replace(intent, kind="capture"))
            self.join(intent.source)  # "press a key, it is yours"
            return True
        return self.menu.handle(intent)

    def waiting(self) -> str | None:
        """Who the duel still waits for, said on its Start button (None: it may start)."""
        seats = tuple(s for s in ((0, 1) if self.mode == "people" else (0,)) if not self.on_phone(s))
        inp = self.app.input  # (a phone needs no keys: see missing())
        joining = [self.name_of(s) for s in seats if inp.source_of(s, "challenge") is None]
        if joining:
            return waiting_words("join", joining)
        if self.mode != "people":
            return None
        return waiting_words("peek", [self.name_of(s) for s in seats if inp.source_of(s, "peek") is None])

    def update(self, dt: float) -> None:
        """Listen for a key while a key row has the focus; say on Start who is still missing."""
        start = self.rows["start"]
        if isinstance(start, Button):
            start.label = self.waiting() or t("duel.setup.start")
        inp = self.app.input
        focused = self.menu.focused
        for row in self.rows.values():
            if isinstance(row, KeyRow) and row is not focused and row.listening:
                row.stop()  # the cursor moved away: no more keys taken
        if isinstance(focused, KeyRow) and focused.listening:
            if not inp.capturing:
                inp.capture_next()
        elif inp.capturing:
            inp.cancel_capture()

    def relabel(self) -> None:
        """The language changed: the form is made again in it, the focus where it was."""
        focused = next((key for key, row in self.rows.items() if row is self.menu.focused), "start")
        self.menu = self._build()
        self.menu.focus_on(self.rows.get(focused, self.rows["start"]))

    def exit(self) -> None:
        """Stop listening for keys."""
        self.app.input.cancel_capture()

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the title, the form, a word about the focused row, key hints."""
        draw_backdrop(surface)
        title = title_image(t("duel.setup.title"), 58)
        surface.blit(title, title.get_rect(center=(640, 52)))
        draw_fitted(
            surface, t("duel.setup.tagline"), (640, 102), 1180, 19, Palette.CREAM_DIM, anchor="center"
        )
        self.menu.draw(surface, self.app.time)
        focused = next((k for k, w in self.rows.items() if w is self.menu.focused), "start")
        about = t(f"duel.setup.about.{focused.rstrip('01')}")
        row = self.menu.focused
        if isinstance(row, KeyRow) and row.listening:
            about = t("duel.setup.about.keys_listening", role=t(f"duel.setup.role.{row.role}"))
        if not self.app.toasts:
            draw_fitted(
                surface, about, (640, 646), 1180, 18, Palette.GOLD_LIGHT, anchor="center", max_lines=2
            )
        draw_hints(
            surface,
            [
                ("↑↓", t("hint.choose")),
                ("←→", t("duel.setup.hint.change")),
                ("Enter", t("hint.select")),
                ("Esc", t("hint.back")),
            ],
            690,
        )
