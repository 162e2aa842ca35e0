"""The Options screen: language, volume and sound, full screen, game pace, the Quick game's
opponents, reduced motion and the four-colour deck; from the menu and from the pause, with
keys, mouse and gamepad.

Every choice goes into the settings at once (and is remembered); the language changes every
screen's words at once, without a restart.
"""

from __future__ import annotations

import pygame

from bluffhouse.scenes.setup.model import LEVELS
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.settings_schema import PACES
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import LANGUAGE_NAMES, available_languages, language, percent, t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_text, fit_lines, font
from bluffhouse.scenes.ui.theme import draw_backdrop, title_image
from bluffhouse.scenes.ui.widgets import Button, Menu, Stepper, Widget, draw_panel

VOLUMES = tuple(step / 10 for step in range(11))
ROW_W, ROW_H = 660, 48


class OptionsScene(Scene):
    """One row per option; ←/→ (or a click, or the pad's d-pad) changes it; Esc goes back."""

    menu: Menu  # made by relabel()

    def __init__(self, app: App) -> None:
        """The rows, showing what the settings hold now."""
        super().__init__(app)
        self.keys: list[str] = []
        self.relabel()

    # -- the rows --------------------------------------------------------------------------

    def relabel(self) -> None:
        """Build the rows in the current language (the focus stays on its row)."""
        focus = self.menu.focus if hasattr(self, "menu") else 0
        s = self.app.settings
        on_off = [(True, t("options.on")), (False, t("options.off"))]
        languages = [code for code in available_languages() if code in LANGUAGE_NAMES] or ["en"]
        current = language() if language() in languages else "en"
        volume = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - s.get("volume", 0.8)))
        quick = s.get("quick.level") if s.get("quick.level") in LEVELS else "medium"
        rows: list[tuple[str, Widget]] = [
            (
                "language",
                Stepper(
                    t("options.language"),
                    [(c, LANGUAGE_NAMES[c]) for c in languages],
                    languages.index(current),
                    self._language,
                    ROW_W,
                    ROW_H,
                ),
            ),
            (
                "volume",
                Stepper(
                    t("options.volume"),
                    [(v, percent(v * 100)) for v in VOLUMES],
                    volume,
                    self._volume,
                    ROW_W,
                    ROW_H,
                ),
            ),
            (
                "sound",
                Stepper(
                    t("options.sound"),
                    on_off,
                    0 if not self.app.sound.muted else 1,
                    self._sound,
                    ROW_W,
                    ROW_H,
                ),
            ),
            (
                "fullscreen",
                Stepper(
                    t("options.fullscreen"),
                    on_off,
                    0 if s.get("fullscreen") else 1,
                    self._fullscreen,
                    ROW_W,
                    ROW_H,
                ),
            ),
            (
                "pace",
                Stepper(
                    t("options.pace"),
                    [(p, t(f"options.pace.{p}")) for p in PACES],
                    list(PACES).index(s.get("pace", "normal")),
                    self._setting("pace"),
                    ROW_W,
                    ROW_H,
                ),
            ),
            (
                "quick",
                Stepper(
                    t("options.quick"),
                    [(v, t(f"options.quick.{v}")) for v in LEVELS],
                    LEVELS.index(quick),
                    self._setting("quick.level"),
                    ROW_W,
                    ROW_H,
                ),
            ),
            (
                "motion",
                Stepper(
                    t("options.motion"),
                    on_off,
                    0 if s.get("reduced_motion") else 1,
                    self._setting("reduced_motion"),
                    ROW_W,
                    ROW_H,
                ),
            ),
            (
                "deck",
                Stepper(
                    t("options.deck"),
                    on_off,
                    0 if s.get("four_colour") else 1,
                    self._setting("four_colour"),
                    ROW_W,
                    ROW_H,
                ),
            ),
            ("back", Button(t("options.back"), self.back, width=300, height=50)),
        ]
        self.keys = [key for key, _ in rows]
        self.menu = Menu([widget for _, widget in rows], center=(640, 384), spacing=6, sound=self.app.sound)
        self.menu.focus = min(focus, len(rows) - 1)

    def _language(self, code: str) -> None:
        self.app.change_language(code)  # every screen follows at the next frame (App.step)

    def _volume(self, value: float) -> None:
        self.app.settings["volume"] = value
        self.app.sound.play("tick")

    def _sound(self, on: bool) -> None:
        if self.app.sound.muted == on:
            self.app.toggle_mute()

    def _fullscreen(self, on: bool) -> None:
        if bool(self.app.settings.get("fullscreen")) != on:
            self.app.toggle_fullscreen()

    def _setting(self, key: str):
        def change(value) -> None:
            self.app.settings[key] = value
            self.app.apply_preferences()

        return change

    def exit(self) -> None:
        """The Options close: what was changed is written now, not a moment later."""
        self.app.settings.flush()

    def back(self) -> None:
        """Close the options (everything is already saved)."""
        self.app.sound.play("tock")
        self.app.stack.pop()

    # -- scene ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """Esc (or a pad's B) goes back; everything else goes to the rows."""
        if intent.kind == "back":
            self.back()
            return True
        self.menu.handle(intent)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the rows, what the focused row does, the keys."""
        draw_backdrop(surface)
        title = title_image(t("options.title"), 56)
        surface.blit(title, title.get_rect(center=(640, 60)))
        panel = pygame.Rect(0, 0, 760, 520)
        panel.center = (640, 378)
        draw_panel(surface, panel, (6, 30, 20, 200))
        self.menu.draw(surface, self.app.time)
        key = self.keys[self.menu.focus]
        if key != "back" and not self.app.toasts:
            about = t(f"options.about.{key}")
            draw_text_fitted(surface, about, pygame.Rect(140, 636, 1000, 44))
        draw_hints(
            surface,
            [("↑↓", t("hint.choose")), ("←→", t("options.hint.change")), ("Esc", t("options.hint.back"))],
            700,
        )


def draw_text_fitted(surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
    """Centred in rect: one line shrunk to fit, else two."""
    size, lines = fit_lines(text, rect.w, 20, READ)
    step = font(size).get_linesize() - 2
    for row, line in enumerate(lines):
        y = rect.centery + round((row - (len(lines) - 1) / 2) * step)
        draw_text(surface, line, (rect.centerx, y), size, Palette.GOLD_LIGHT, anchor="center")
