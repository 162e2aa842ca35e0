"""The main menu: the title, the three games, how to play and quit."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

from bluffhouse import __version__
from bluffhouse.scenes.art.printing import index_label
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.registry import AHEAD, NEEDS, open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.warmup import Rush, imports, later
from bluffhouse.scenes.ui.anim import Motion, Tween, out_back, out_cubic, pulse
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import SMALL, draw_text
from bluffhouse.scenes.ui.theme import draw_backdrop, draw_die, draw_mini_card, title_image
from bluffhouse.scenes.ui.widgets import Button, Menu

if TYPE_CHECKING:
    from bluffhouse.scenes.art.kinds import Wanted

ITEMS = ("quick", "bullets", "kamu", "duel", "howto", "history", "options", "quit")
FAN = (("A", "♠", 24), ("K", "♥", 8), ("Q", "♦", -8), ("J", "♣", -24))
CARD_REACH, DIE_REACH = 100, 60  # px from its centre an ornament reaches at any angle (shadow too)
VERSION_AT = (1252, 20)  # top right, inside the frame: nothing else is drawn there (toasts rise from below)


def version_line() -> str:
    """ "Version 1.0.0", in the player's language: bluffhouse.__version__, as --version prints it."""
    return t("menu.version", version=__version__)


def _games() -> Iterator[Wanted]:
    """The Quick game's table as it enters (its felt in steps, the pile's canvas in an idle frame
    of its own), then the dice duel's."""
    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.duel.art_wanted import duel_jobs
    from bluffhouse.scenes.table.art_wanted import table_jobs

    yield from _quick_entry()
    yield from table_jobs(Rules.bullets(), people=True)
    yield from duel_jobs()


def _quick_entry() -> Iterator[Wanted]:
    """What the Quick game's table makes as it enters: its felt in steps, the pile's canvas."""
    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.art.wanted import felt_in_steps
    from bluffhouse.scenes.table.art_wanted import entry_jobs

    yield from felt_in_steps()
    yield from entry_jobs(Rules.bullets())


GAMES_NEED = (
    "bluffhouse.game.rules",
    "bluffhouse.scenes.art.wanted",
    "bluffhouse.scenes.duel.art_wanted",
    "bluffhouse.scenes.table.art_wanted",
)
# What the screen of an item makes as it enters, made before it opens when a person is quicker
# than the warm-up (after the modules it needs: the composition root's NEEDS)
ITEM_ART = {"quick": _quick_entry}
OPENING_MOST = 0.5  # seconds a screen chosen waits for its modules at most (a busy machine): then it opens


def _on(surface: pygame.Surface, centre: tuple[int, int], reach: int) -> bool:
    """Whether an ornament reaching that far from its centre shows on the picture at all (the
    window's first frame turns and draws none of those the intro has not brought in yet)."""
    width, height = surface.get_size()
    return -reach < centre[0] < width + reach and -reach < centre[1] < height + reach


class MenuScene(Scene):
    """The first screen: pick a game; screens not built yet say they are coming."""

    menu: Menu  # made by relabel()

    def __init__(self, app: App) -> None:
        """Build the menu buttons."""
        super().__init__(app)
        self.relabel()
        self.intro = Tween(0.0, 1.0, 0.9, out_cubic)
        self.first: str | None = None  # the item whose screen the warm-up was last asked to take first
        self.rushes: dict[str, Rush] = {}
        self.opening: str | None = None  # the item chosen, its screen opened once its modules are in
        self.waited = 0.0  # seconds the item chosen has waited for its screen
        self.still = 0.0  # seconds the ornaments stood still, screens waited for (they sway on from there)

    def relabel(self) -> None:
        """The buttons, in the current language (the focus stays where it was)."""
        focus = self.menu.focus if hasattr(self, "menu") else 0
        actions = {key: (lambda key=key: self.choose(key)) for key in ITEMS}
        self.buttons = {key: Button(t(f"menu.{key}"), actions[key], height=42) for key in ITEMS}
        self.menu = Menu(list(self.buttons.values()), center=(640, 430), spacing=6, sound=self.app.sound)
        self.menu.focus = focus

    def enter(self) -> None:
        """Play the title in."""
        self.intro = Tween(0.0, 1.0, 0.9, out_cubic)

    def art_wanted(self) -> list[Wanted]:
        """Every screen is reached from here: their modules (none of which the menu's first frame
        imports), then the Quick game's table, one key away (the French table, for people), and
        the dice duel's art. The item with the focus has its own taken first (see update)."""
        return [*AHEAD, later(("games",), _games, GAMES_NEED)]

    def item_jobs(self, key: str) -> list[Wanted]:
        """What the screen of an item needs before it opens: its modules, then its art."""
        jobs = list(imports(NEEDS.get(key, ())))
        if key in ITEM_ART:
            jobs.append(later((key, "entry"), ITEM_ART[key], GAMES_NEED))
        return jobs

    def ready(self, key: str) -> bool:
        """Whether the screen of an item can open at once: its modules in and its art made."""
        if key not in ITEM_ART and all(name in sys.modules for name in NEEDS.get(key, ())):
            return True
        rush = self.rushes.get(key)
        return rush is not None and rush.done

    def take_first(self, key: str) -> None:
        """Have the warm-up make what the screen of an item needs before anything else."""
        if not self.ready(key) and (key not in self.rushes or self.first != key):
            self.rushes[key] = self.app.warmup.rush(self.item_jobs(key))
        self.first = key

    def choose(self, key: str) -> None:
        """Open what the item stands for: the screen registered under its key, or quit. A screen
        whose modules are not all in yet opens once the warm-up, taking them first, has them
        (the frames meanwhile stay short, and the menu shows the item chosen)."""
        self.app.sound.play("deal")
        if key == "quit":
            self.app.quit()
        elif self.ready(key) or not self.app.draws_frames:  # (nothing drawn: no warm-up to wait for)
            self.app.stack.push(open_scene(key, self.app))
        else:
            self.take_first(key)
            self.rushes[key].waited_for = True  # the menu stands still meanwhile: the frames may take more
            self.opening, self.waited = key, 0.0

    def handle(self, intent: Intent) -> bool:
        """Menu navigation; Esc jumps to Quit; any intent finishes the intro. While a screen is
        being opened, Esc stays on the menu and nothing else is taken."""
        if self.opening is not None:
            if intent.kind == "back":
                self.rushes[self.opening].waited_for = False
                self.opening = None
            return True
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
        """Advance the intro; the item with the focus has its screen made first; the screen being
        opened opens once it is ready."""
        self.intro.update(dt)
        key = ITEMS[self.menu.focus]
        if key != self.first:
            self.take_first(key)
        if self.opening is not None:
            self.waited += dt
            self.still += dt
            if self.ready(self.opening) or self.waited >= OPENING_MOST:
                key, self.opening = self.opening, None
                self.app.stack.push(open_scene(key, self.app))

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, the title, card and dice ornaments, the buttons and the key hints."""
        draw_backdrop(surface)
        # reduced motion: nothing sways; nor while a screen is being opened (each new angle of
        # a card is turned anew: the frames' time goes to the screen chosen)
        time = 0.0 if Motion.reduced else self.app.time - self.still
        k = 1.0 if Motion.reduced else float(self.intro.value)
        drop = round((1 - k) * -40)
        for index, (rank, suit, angle) in enumerate(FAN):
            spread = angle * (0.4 + 0.6 * k) + 2 * pulse(time + index * 0.4, 6.0)
            pivot = (232 - round((1 - k) * 340), 780)
            center = (
                pivot[0] - 250 * math.sin(math.radians(spread)),
                pivot[1] - 250 * math.cos(math.radians(spread)),
            )
            at = (round(center[0]), round(center[1]))
            if _on(surface, at, CARD_REACH):  # (the intro brings them in from off the picture)
                draw_mini_card(surface, index_label(rank), suit, at, spread, 108)
        for index, (face, angle) in enumerate(((6, 14), (1, -10), (1, 22))):
            x = 1040 + index * 76 + round((1 - k) * 320)
            y = 500 + (index % 2) * 54 + round(4 * pulse(time + index, 3.0))
            if _on(surface, (x, y), DIE_REACH):
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
        draw_text(
            surface, version_line(), VERSION_AT, SMALL, Palette.CREAM_DIM, anchor="topright", role="aside"
        )  # small print: nobody needs it to play
        draw_hints(
            surface,
            [
                ("↑↓", t("hint.choose")),
                ("Enter", t("hint.select")),
                ("M", t("hint.mute")),
                ("F11", t("hint.fullscreen")),
            ],
            688,
        )

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
