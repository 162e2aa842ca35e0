"""The pause overlay and a yes/no confirmation overlay."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import GameSetup
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_text, draw_wrapped
from bluffhouse.scenes.ui.theme import title_image
from bluffhouse.scenes.ui.widgets import Button, Menu, draw_panel

if TYPE_CHECKING:
    from bluffhouse.scenes.shell.app import App


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far, so an overlay stands out."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


HINT_BAND_H = 48  # the band under the pause's key help


class PauseScene(Scene):
    """Esc during a game: resume, how to play, back to the menu, quit."""

    transparent = True
    menu: Menu  # made by relabel()

    def __init__(self, app: App, game: str = "bullets") -> None:
        """game picks the how-to-play chapter to open."""
        super().__init__(app)
        self.game = game
        self.relabel()

    def relabel(self) -> None:
        """The choices, in the current language (the focus stays where it was)."""
        focus = self.menu.focus if hasattr(self, "menu") else 0
        choices = [
            (t("pause.resume"), self.resume_game),
            (t("pause.howto"), self.howto),
            (t("pause.options"), self.options),
            (t("pause.menu"), self.leave),
            (t("pause.quit"), self.quit),
        ]
        if self.phone_setup() is not None:  # a lost phone gets a new code there
            choices.insert(1, (t("pause.phones"), self.phones))
        buttons = [Button(label, action, width=340, height=50) for label, action in choices]
        center = (640, 410 + 30 * (len(choices) - 5))
        self.menu = Menu(buttons, center=center, spacing=10, sound=self.app.sound)
        self.menu.focus = focus

    def phone_setup(self) -> GameSetup | None:
        """The set-up of the game below, when it has phone seats."""
        for scene in self.app.stack.scenes:
            setup = getattr(scene, "setup", None)
            if scene.phone_seats and isinstance(setup, GameSetup):
                return setup
        return None

    def phones(self) -> None:
        """Each phone seat and its phone: a new code for a seat whose phone is lost."""
        setup = self.phone_setup()
        if setup is not None:
            self.app.sound.play("tick")
            self.app.stack.push(open_scene("phone_join", self.app, setup, None))

    def resume_game(self) -> None:
        """Close the overlay."""
        self.app.sound.play("tock")
        self.app.stack.pop()

    def howto(self) -> None:
        """Open the rules for this game."""
        self.app.sound.play("deal")
        self.app.stack.push(open_scene("howto", self.app, self.game))

    def options(self) -> None:
        """Language, sound, full screen, pace, motion, the deck's colours."""
        self.app.sound.play("tick")
        self.app.stack.push(open_scene("options", self.app))

    def leave(self) -> None:
        """Ask, then abandon the game for the main menu."""
        self.app.sound.play("tick")
        self.app.stack.push(
            ConfirmScene(self.app, t("pause.leave_question"), t("pause.leave_yes"), self.app.back_to_menu)
        )

    def quit(self) -> None:
        """Ask, then close the game."""
        self.app.sound.play("tick")
        self.app.stack.push(
            ConfirmScene(self.app, t("pause.quit_question"), t("pause.quit_yes"), self.app.quit)
        )

    def handle(self, intent: Intent) -> bool:
        """Esc (or a pad's B / Start) resumes; everything else goes to the menu."""
        if intent.kind == "back":
            self.resume_game()
            return True
        self.menu.handle(intent)
        return True  # nothing reaches the game while it is paused

    def draw(self, surface: pygame.Surface) -> None:
        """The game dimmed, a panel with the choices."""
        dim(surface, 170)
        extra = 60 * (len(self.menu.widgets) - 5)
        panel = pygame.Rect(0, 0, 480, 440 + extra)
        panel.center = (640, 372 + extra // 2)
        draw_panel(surface, panel, (6, 30, 20, 240))
        title = title_image(t("pause.title"), 48)
        surface.blit(title, title.get_rect(center=(640, panel.top + 56)))
        self.menu.draw(surface, self.app.time)
        band = pygame.Surface((surface.get_width(), HINT_BAND_H), pygame.SRCALPHA)
        band.fill((4, 18, 12, 235))  # the key help on its own ground, not on a curtain's words below
        surface.blit(band, (0, 688 - HINT_BAND_H // 2))
        draw_hints(
            surface, [("↑↓", t("hint.choose")), ("Enter", t("hint.select")), ("Esc", t("hint.resume"))], 688
        )


class ConfirmScene(Scene):
    """A question with "yes" and "no"; no has the focus, Esc means no."""

    transparent = True
    menu: Menu  # made by relabel()

    def __init__(
        self, app: App, question: str, yes: str, on_yes: Callable[[], object], no: str | None = None
    ) -> None:
        """yes/no are the button labels; on_yes runs after the overlay closes."""
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.yes_button = Button(yes, self.accept, width=240)
        self.no_button = Button(no or t("confirm.no"), self.decline, width=240)
        self.menu = Menu([self.yes_button, self.no_button], sound=app.sound)
        self.yes_button.rect.center = (640 - 132, 448)  # side by side: yes on the left
        self.no_button.rect.center = (640 + 132, 448)
        self.yes_button.markers = self.no_button.markers = False
        self.menu.focus_on(self.no_button)

    def accept(self) -> None:
        """Yes: close and do it."""
        self.app.sound.play("deal")
        self.app.stack.pop()
        self.on_yes()

    def decline(self) -> None:
        """No: just close."""
        self.app.sound.play("tock")
        self.app.stack.pop()

    def draw_mark(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """What crowns the question (a spade; a question about a phone shows its code there)."""
        draw_text(surface, "♠", center, 26, Palette.GOLD, anchor="center", role="decor")

    def handle(self, intent: Intent) -> bool:
        """Esc declines; ←/→ move like ↑/↓."""
        if intent.kind == "back":
            self.decline()
            return True
        if intent.kind in ("left", "right"):
            intent = Intent("up" if intent.kind == "left" else "down")
        self.menu.handle(intent)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """A smaller panel over the dimmed screen."""
        dim(surface, 140)
        panel = pygame.Rect(0, 0, 640, 280)
        panel.center = (640, 380)
        draw_panel(surface, panel, (6, 30, 20, 248), (*Palette.GOLD, 220))
        self.draw_mark(surface, (panel.centerx, panel.top + 36))
        text_box = pygame.Rect(panel.left + 50, panel.top + 66, panel.width - 100, 90)
        draw_wrapped(surface, self.question, text_box, 24, Palette.CREAM, align="center")
        self.menu.draw(surface, self.app.time)
