"""The main menu: the title, the three games, how to play and quit."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from bluffhouse import __version__
from scenes.art.printing import index_label
from scenes.shell.app import App
from scenes.shell.input import Intent
from scenes.shell.registry import AHEAD, open_scene
from scenes.shell.scene import Scene
from scenes.shell.warmup import later
from scenes.ui.anim import Motion, Tween, out_back, out_cubic, pulse
from scenes.ui.keycaps import draw_hints
from scenes.ui.lang import t
from scenes.ui.palette import Palette
from scenes.ui.text import SMALL, draw_text
from scenes.ui.theme import draw_backdrop, draw_die, draw_mini_card, title_image
from scenes.ui.widgets import Button, Menu

if TYPE_CHECKING:
    from scenes.art.kinds import Wanted

ITEMS = ("quick", "bullets", "kamu", "duel", "howto", "history", "options", "quit")
FAN = (("A", "♠", 24), ("K", "♥", 8), ("Q", "♦", -8), ("J", "♣", -24))
VERSION_AT = (1252, 20)  # top right, inside the frame: nothing else is drawn there (toasts rise from below)


def version_line() -> str:
    """ "Version 1.0.0", in the player's language: bluffhouse.__version__, as --version prints it."""
    return t("menu.version", version=__version__)


def _games() -> Iterator[Wanted]:
    """The Quick game's table as it enters (its felt in steps, the pile's canvas in an idle frame
    of its own), then the dice duel's."""
    from game.rules import Rules
    from scenes.art.wanted import felt_in_steps
    from scenes.duel.art_wanted import duel_jobs
    from scenes.table.art_wanted import table_jobs

    yield from felt_in_steps()
    yield from table_jobs(Rules.bullets(), people=True, entering=True)
    yield from duel_jobs()


class MenuScene(Scene):
    """The first screen: pick a game; screens not built yet say they are coming."""

    def __init__(self, app: App) -> None:
        """Build the menu buttons."""
        super().__init__(app)
        self.relabel()
        self.intro = Tween(0.0, 1.0, 0.9, out_cubic)

    def relabel(self) -> None:
        """The buttons, in the current language (the focus stays where it was)."""
        focus = self.menu.focus if hasattr(self, "menu") else 0
        actions = {key: (lambda key=key: self.choose(key)) for key in ITEMS}
        self.buttons = {key: Button(t(f"menu.{key}"), actions[key], height=42) for key in ITEMS}
        self.menu = Menu(list(self.buttons.values()), center=(640, 430), spacing=6,
                         sound=self.app.sound)  # fmt: skip
        self.menu.focus = focus

    def enter(self) -> None:
        """Play the title in."""
        self.intro = Tween(0.0, 1.0, 0.9, out_cubic)

    def art_wanted(self) -> list[Wanted]:
        """Every screen is reached from here: their modules (none of which the menu's first frame
        imports), then the Quick game's table, one key away (the French table, for people), and
        the dice duel's art."""
        needs = ("game.rules", "scenes.art.wanted", "scenes.duel.art_wanted", "scenes.table.art_wanted")
        return [*AHEAD, later(("games",), _games, needs)]

    def choose(self, key: str) -> None:
        """Open what the item stands for: the screen registered under its key, or quit."""
        self.app.sound.play("deal")
        if key == "quit":
            self.app.quit()
        else:
            self.app.stack.push(open_scene(key, self.app))

    def handle(self, intent: Intent) -> bool:
        """Menu navigation; Esc jumps to Quit; any intent finishes the intro."""
        if intent.kind not in ("motion",):
            self.intro.finish()
        if intent.kind == "back":
            if self.menu.focused is not self.buttons["quit"]:
                self.app.sound.play("tick")
                self.menu.focus_on(self.buttons["quit"])
            return True
        if intent.kind == "digit" and intent.value <= len(ITEMS):
            self.menu.focus = intent.value - 1
            return True
        return self.menu.handle(intent)

    def update(self, dt: float) -> None:
        """Advance the intro."""
        self.intro.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the title, card and dice ornaments, the buttons and the key hints."""
        draw_backdrop(surface)
        time = 0.0 if Motion.reduced else self.app.time  # reduced motion: nothing sways
        k = 1.0 if Motion.reduced else float(self.intro.value)
        drop = round((1 - k) * -40)
        for index, (rank, suit, angle) in enumerate(FAN):
            spread = angle * (0.4 + 0.6 * k) + 2 * pulse(time + index * 0.4, 6.0)
            pivot = (232 - round((1 - k) * 340), 780)
            center = (pivot[0] - 250 * math.sin(math.radians(spread)),
                      pivot[1] - 250 * math.cos(math.radians(spread)))  # fmt: skip
            at = (round(center[0]), round(center[1]))
            draw_mini_card(surface, index_label(rank), suit, at, spread, 108)
        for index, (face, angle) in enumerate(((6, 14), (1, -10), (1, 22))):
            x = 1040 + index * 76 + round((1 - k) * 320)
            y = 500 + (index % 2) * 54 + round(4 * pulse(time + index, 3.0))
            draw_die(surface, face, (x, y), 72, angle)
        title = title_image(t("app.title"), 92)
        pop = 0.6 + 0.4 * out_back(min(1.0, k * 1.2))
        image = pygame.transform.smoothscale_by(title, pop) if pop < 1 else title
        surface.blit(image, image.get_rect(center=(640, 100 + drop)))
        draw_text(surface, t("menu.tagline"), (640, 174 + drop), 22, Palette.CREAM, anchor="center")
        self._ornament(surface, 218 + drop)
        self.menu.draw(surface, time)
        if not self.app.toasts:  # a toast sits where the description goes
            about = t(f"menu.{ITEMS[self.menu.focus]}.about")
            draw_text(surface, about, (640, 640), 20, Palette.GOLD_LIGHT, anchor="center")
        draw_text(surface, version_line(), VERSION_AT, SMALL, Palette.CREAM_DIM, anchor="topright",
                  role="aside")  # small print: nobody needs it to play  # fmt: skip
        draw_hints(surface, [("↑↓", t("hint.choose")), ("Enter", t("hint.select")),
                             ("M", t("hint.mute")), ("F11", t("hint.fullscreen"))], 688)  # fmt: skip

    @staticmethod
    def _ornament(surface: pygame.Surface, y: int) -> None:
        """♠ ♥ ♦ ♣ between two gold rules."""
        x = 640 - 66
        for suit in "♠♥♦♣":
            color = Palette.RED_LIGHT if suit in "♥♦" else Palette.CREAM
            draw_text(surface, suit, (x, y), 22, color, anchor="center", role="decor")
            x += 44
        for x0, x1 in ((420, 560), (720, 860)):
            pygame.draw.line(surface, Palette.GOLD_DARK, (x0, y), (x1, y), 2)
