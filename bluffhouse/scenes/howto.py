"""How to play: a few short pages for each game, and one for the controls."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.ui.anim import Motion, Tween, out_cubic, pulse
from bluffhouse.scenes.ui.bubble import draw_bubble
from bluffhouse.scenes.ui.keycaps import draw_hints, draw_keycap, keycap_size
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, draw_text, draw_wrapped, fit_lines, font
from bluffhouse.scenes.ui.theme import draw_backdrop, draw_die, draw_mini_card
from bluffhouse.scenes.ui.widgets import draw_panel

Art = Callable[[pygame.Surface, pygame.Rect, float], None]
PANEL = pygame.Rect(90, 96, 1100, 520)
TEXT_BOX = pygame.Rect(PANEL.x + 56, PANEL.y + 104, 560, 390)
ART_CENTER = (PANEL.x + 860, PANEL.y + 270)
ARROWS = {
    -1: pygame.Rect(PANEL.x - 62, PANEL.centery - 40, 50, 80),
    1: pygame.Rect(PANEL.right + 12, PANEL.centery - 40, 50, 80),
}


# -- the pictures beside the text ------------------------------------------------------


def _fan(cards: str, width: int = 100, spread: int = 14) -> Art:
    def draw(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
        names = cards.split()
        mid = (len(names) - 1) / 2
        for i, name in enumerate(names):
            offset = i - mid
            center = (rect.centerx + round(offset * width * 0.55), rect.centery + round(abs(offset) * 10))
            draw_mini_card(surface, name[:-1], name[-1], center, -offset * spread, width)

    return draw


def _card_back(surface: pygame.Surface, center: tuple[int, int], width: int, angle: float) -> None:
    h = round(width * 1.4)
    back = pygame.Surface((width + 6, h + 6), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, width, h)
    pygame.draw.rect(back, (0, 0, 0, 70), body.move(4, 5), border_radius=width // 9)
    pygame.draw.rect(back, Palette.CARD, body, border_radius=width // 9)
    inner = body.inflate(-12, -12)
    pygame.draw.rect(back, (150, 36, 40), inner, border_radius=width // 14)
    pygame.draw.rect(back, Palette.GOLD, inner.inflate(-8, -8), 2, border_radius=width // 16)
    draw_text(back, "♠", inner.center, width // 3, Palette.GOLD, anchor="center", shadow=None, role="decor")
    back = pygame.transform.rotozoom(back, angle, 1.0)
    surface.blit(back, back.get_rect(center=center))


def _bubble(surface: pygame.Surface, text: str, anchor: tuple[int, int], color=Palette.INK) -> None:
    """The house bubble above anchor, its tail pointing down at it; "\n" breaks lines."""
    draw_bubble(
        surface,
        text,
        (anchor[0], anchor[1] - 18),
        anchor,
        anchor="midbottom",
        size=24,
        ink=color,
        edge=Palette.CARD,
    )


def _backs_and_call(count: int, say: str, color=Palette.INK) -> Art:
    def draw(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
        for i in range(count):
            offset = i - (count - 1) / 2
            _card_back(surface, (rect.centerx + round(offset * 46), rect.centery + 60), 96, -offset * 9)
        _bubble(surface, t(say), (rect.centerx - 30, rect.centery - 40), color)

    return draw


def _bullet(surface: pygame.Surface, center: tuple[int, int], lost: bool = False) -> None:
    x, y = center
    case = pygame.Rect(x - 11, y - 4, 22, 44)
    tip = [
        (x - 11, y - 4),
        (x - 10, y - 18),
        (x - 5, y - 30),
        (x, y - 34),
        (x + 5, y - 30),
        (x + 10, y - 18),
        (x + 11, y - 4),
    ]
    alpha_surface = pygame.Surface((60, 100), pygame.SRCALPHA)
    ox, oy = x - 30, y - 50
    pygame.draw.polygon(alpha_surface, (192, 110, 60), [(px - ox, py - oy) for px, py in tip])
    pygame.draw.rect(alpha_surface, (222, 180, 86), case.move(-ox, -oy), border_radius=3)
    pygame.draw.rect(alpha_surface, (160, 120, 50), case.move(-ox, -oy).inflate(0, -36).move(0, 18))
    pygame.draw.line(alpha_surface, (255, 236, 170), (x - 6 - ox, y - oy), (x - 6 - ox, y + 34 - oy), 3)
    if lost:
        alpha_surface.set_alpha(80)
    surface.blit(alpha_surface, (ox, oy))
    if lost:
        draw_text(surface, "✕", center, 40, Palette.RED_LIGHT, True, "center", role="decor")


def _challenge(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    _fan("7♠ 7♥ Q♣", 92, 10)(surface, rect.move(0, 50), time)
    draw_keycap(surface, "C", (rect.centerx - 120, rect.top + 20), 26, lit=pulse(time, 1.4) > 0.5)
    _bubble(surface, t("howto.say.liar"), (rect.centerx + 50, rect.top + 60), Palette.RED)
    draw_text(
        surface, t("howto.say.lie"), (rect.centerx, rect.bottom - 12), 30, Palette.RED_LIGHT, True, "center"
    )


def _bullets_art(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    _fan("A♠ 6♥ 9♦ K♣", 96)(surface, rect.move(0, -40), time)
    for i in range(3):
        _bullet(surface, (rect.centerx - 60 + i * 60, rect.bottom - 30))


def _win_art(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    _card_back(surface, (rect.centerx, rect.centery + 40), 110, -6)
    draw_text(
        surface,
        "♛",
        (rect.centerx, rect.centery - 110 - round(6 * pulse(time, 1.5))),
        86,
        Palette.GOLD_LIGHT,
        anchor="center",
        role="decor",
    )
    for i, lost in enumerate((False, False, True)):
        _bullet(surface, (rect.centerx - 60 + i * 60, rect.bottom - 20), lost)


def _short_game(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """The hand-size house rule: five cards in hand, the rest set aside face down."""
    _fan("5♠ 9♥ J♦ 2♣ K♠", 84, 9)(surface, rect.move(0, -70), time)
    for i in range(4):
        _card_back(surface, (rect.centerx + 20 + i * 5, rect.bottom - 96 - i * 4), 76, 4 - i * 3)
    draw_fitted(
        surface,
        t("howto.bullets.aside"),
        (rect.centerx + 30, rect.bottom - 10),
        rect.w - 16,
        22,
        Palette.GOLD_LIGHT,
        anchor="center",
    )


def _hungarian(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    suits = (("♥", (200, 40, 40)), ("●", (214, 150, 40)), ("♠", (60, 140, 60)), ("♣", (140, 86, 40)))
    for i, (glyph, color) in enumerate(suits):
        y = rect.top + 50 + i * 70
        pygame.draw.circle(surface, Palette.CARD, (rect.left + 60, y), 26)
        draw_text(surface, glyph, (rect.left + 60, y), 30, color, anchor="center", shadow=None, role="decor")
        draw_text(
            surface, t(f"howto.kamu.suit{i + 1}"), (rect.left + 104, y), 24, Palette.CREAM, anchor="midleft"
        )
    draw_fitted(
        surface,
        t("howto.kamu.ranks"),
        (rect.centerx, rect.bottom - 30),
        rect.w - 16,
        READ,
        Palette.GOLD_LIGHT,
        anchor="center",
        max_lines=3,
    )


def _jokers(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    for dx, key, colors in (
        (-90, "howto.kamu.szines", ((200, 40, 40), (214, 150, 40), (60, 140, 60))),
        (90, "howto.kamu.fako", ((170, 166, 156),)),
    ):
        card = pygame.Rect(0, 0, 130, 182)
        card.center = (rect.centerx + dx, rect.centery - 10)
        pygame.draw.rect(surface, (0, 0, 0), card.move(4, 5), border_radius=14)
        pygame.draw.rect(surface, Palette.CARD, card, border_radius=14)
        for k, color in enumerate(colors):  # Színes: stars of the suit colours, one in another
            draw_text(
                surface,
                "★",
                (card.centerx, card.centery - 4 + k * 3),
                96 - 28 * k,
                color,
                anchor="center",
                shadow=None,
                role="decor",
            )
        draw_text(surface, t(key), (card.centerx, card.bottom + 26), 24, Palette.CREAM, True, "center")


def _podium(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    for i, points in enumerate((3, 4, 2, 1)):
        height = 40 + points * 38
        bar = pygame.Rect(0, 0, 80, height)
        bar.midbottom = (rect.centerx + (i - 1.5) * 96, rect.bottom - 20)
        color = Palette.GOLD if points == 4 else Palette.CREAM_DIM
        pygame.draw.rect(surface, color, bar, border_radius=8)
        draw_text(surface, str(points), (bar.centerx, bar.top + 26), 30, Palette.INK, True, "center", None)
        draw_text(
            surface,
            t("howto.kamu.pts", n=points),
            (bar.centerx, bar.top + 56),
            READ,
            Palette.INK,
            anchor="center",
            shadow=None,
        )


def _dice(faces: str, say: str = "") -> Art:
    def draw(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
        values = [int(f) for f in faces.split()]
        for i, face in enumerate(values):
            x = rect.centerx + round((i - (len(values) - 1) / 2) * 80)
            draw_die(surface, face, (x, rect.centery + 60 + (i % 2) * 14), 66, (i * 37 % 24) - 12)
        if say:
            _bubble(surface, t(say), (rect.centerx, rect.centery - 20))

    return draw


CARD_KEYS = (
    ("C", "howto.keys.challenge"),
    ("E", "howto.keys.peek"),
    ("← →", "howto.keys.cards"),
    ("Space", "howto.keys.select"),
    ("1–4", "howto.keys.count"),
    ("Enter", "howto.keys.play"),
    ("L", "howto.keys.log"),
    ("Esc", "howto.keys.pause"),
    ("M", "howto.keys.mute"),
    ("F11", "howto.keys.fullscreen"),
)
# The duel's keys: keep and reroll, then the claim builder's (scenes.duel.build_keys).
DUEL_KEYS = (
    ("1–5", "howto.keys.keep"),
    ("Space", "howto.keys.reroll"),
    ("Q–I", "howto.keys.kind"),
    ("A–H", "howto.keys.face"),
    ("Z", "howto.keys.mine"),
    ("X", "howto.keys.lowest"),
    ("PgUp PgDn", "howto.keys.kind_step"),
    ("↑↓←→", "howto.keys.move"),
    ("Enter", "howto.keys.propose"),
)


def _keys(rows: tuple[tuple[str, str], ...], cap_size: int = 16) -> Art:
    def draw(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
        rect = rect.inflate(70, 0).move(-25, 0)  # a list of keys: a little wider than a picture
        # the caps in a column as wide as the widest (a wider one reaches into the margin on its
        # left), what each does beside it, on two lines where it is long
        column = min(max(keycap_size(cap, cap_size)[0] for cap, _ in rows), rect.w * 45 // 100)
        room = rect.w - column - 12
        laid = [(cap, fit_lines(t(key), room, 20, READ, max_lines=2)) for cap, key in rows]
        heights = [max(34, (font(size).get_linesize() - 3) * len(words)) for _, (size, words) in laid]
        gap = max(2, min(14, (rect.h - sum(heights)) // max(1, len(rows) - 1)))
        y = rect.top + max(0, (rect.h - sum(heights) - gap * (len(rows) - 1)) // 2)
        for i, ((cap, (size, words)), height) in enumerate(zip(laid, heights, strict=True)):
            middle = y + height // 2
            draw_keycap(surface, cap, (rect.left + column, middle), cap_size, anchor="midright", lit=i == 0)
            step = font(size).get_linesize() - 3
            for row, part in enumerate(words):
                at = (rect.left + column + 12, middle + round((row - (len(words) - 1) / 2) * step))
                draw_text(surface, part, at, size, Palette.CREAM, anchor="midleft")
            y += height + gap

    return draw


CHAPTERS: dict[str, list[tuple[str, Art]]] = {
    "bullets": [
        ("idea", _bullets_art),
        ("turn", _backs_and_call(3, "howto.say.sevens")),
        ("challenge", _challenge),
        ("win", _win_art),
        ("short", _short_game),
    ],
    "kamu": [
        ("deck", _hungarian),
        ("turn", _backs_and_call(2, "howto.say.nines")),
        ("kamu", _backs_and_call(2, "howto.say.kamu", Palette.RED)),
        ("jokers", _jokers),
        ("score", _podium),
    ],
    "duel": [
        ("idea", _dice("6 1 3 1 5")),
        ("opening", _dice("2 2 5 4 6", "howto.say.satisfied")),
        ("hands", _dice("1 1 1 6 6")),
        ("propose", _dice("1 1 3 3 5", "howto.say.claim")),
    ],
    "controls": [("keys", _keys(CARD_KEYS)), ("duel", _keys(DUEL_KEYS, 17))],
}
GAMES = tuple(CHAPTERS)


class HowToScene(Scene):
    """Pages of rules: ←/→ turn pages, Tab or a click on a tab picks the game, Esc goes back."""

    def __init__(self, app: App, game: str = "bullets") -> None:
        """Open at the first page of game ("bullets", "kamu", "duel" or "controls")."""
        super().__init__(app)
        self.game = game if game in CHAPTERS else GAMES[0]
        self.page = 0
        self.slide = Tween(0.0, 1.0, 0.35, out_cubic)
        self.direction = 1
        self.tabs: dict[str, pygame.Rect] = {}
        x = 640 - (len(GAMES) * 200 + (len(GAMES) - 1) * 12) // 2
        for game_key in GAMES:
            self.tabs[game_key] = pygame.Rect(x, 30, 200, 46)
            x += 212

    @property
    def pages(self) -> list[tuple[str, Art]]:
        """The pages of the current game."""
        return CHAPTERS[self.game]

    def turn(self, delta: int) -> None:
        """Next (+1) or previous (-1) page, running on into the next game's pages."""
        page, game_index = self.page + delta, GAMES.index(self.game)
        if page >= len(self.pages):
            game_index, page = (game_index + 1) % len(GAMES), 0
        elif page < 0:
            game_index = (game_index - 1) % len(GAMES)
            page = len(CHAPTERS[GAMES[game_index]]) - 1
        self.show(GAMES[game_index], page, delta)

    def show(self, game: str, page: int = 0, direction: int = 1) -> None:
        """Go to a page, sliding in from the side it comes from."""
        if (game, page) == (self.game, self.page):
            return
        self.game, self.page, self.direction = game, page, direction
        self.slide = Tween(0.0, 1.0, 0.35, out_cubic)
        self.app.sound.play("flip", 0.6)

    def handle(self, intent: Intent) -> bool:
        """Page and tab navigation, by keys, pad, wheel or mouse."""
        kind = intent.kind
        if kind in ("back", "right_click"):
            self.app.sound.play("tock")
            self.app.stack.pop()
        elif kind in ("right", "page_down", "confirm", "select") or (kind == "wheel" and intent.value < 0):
            self.turn(1)
        elif kind in ("left", "page_up", "backspace") or (kind == "wheel" and intent.value > 0):
            self.turn(-1)
        elif kind in ("tab", "down", "up"):
            step = -1 if kind == "up" or intent.value < 0 else 1
            self.show(GAMES[(GAMES.index(self.game) + step) % len(GAMES)], 0, step)
        elif kind == "digit" and intent.value <= len(GAMES):
            self.show(GAMES[intent.value - 1], 0)
        elif kind == "click" and intent.pos is not None:
            return self._click(intent.pos)
        else:
            return False
        return True

    def _click(self, pos: tuple[int, int]) -> bool:
        for game, rect in self.tabs.items():
            if rect.collidepoint(pos):
                self.show(game, 0, 1 if GAMES.index(game) > GAMES.index(self.game) else -1)
                return True
        for delta, rect in ARROWS.items():
            if rect.collidepoint(pos):
                self.turn(delta)
                return True
        for page, rect in enumerate(self._dots()):
            if rect.inflate(12, 12).collidepoint(pos):
                self.show(self.game, page, 1 if page > self.page else -1)
                return True
        return False

    def _dots(self) -> list[pygame.Rect]:
        n = len(self.pages)
        return [pygame.Rect(640 - (n - 1) * 14 + i * 28 - 6, PANEL.bottom - 30, 12, 12) for i in range(n)]

    def update(self, dt: float) -> None:
        """Slide the page in."""
        self.slide.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Tabs, the page (title, text, picture), arrows, page dots and hints."""
        draw_backdrop(surface)
        for game, rect in self.tabs.items():
            current = game == self.game
            fill = (*Palette.GOLD, 255) if current else (8, 34, 22, 190)
            draw_panel(surface, rect, fill, (*Palette.GOLD, 160), rect.h // 2, 1, shadow=current)
            color = Palette.INK if current else Palette.CREAM
            draw_text(
                surface,
                t(f"howto.tab.{game}"),
                rect.center,
                21,
                color,
                current,
                "center",
                None if current else Palette.SHADOW,
            )
        draw_panel(surface, PANEL)
        key, art = self.pages[self.page]
        k = 1.0 if Motion.reduced else float(self.slide.value)  # reduced motion: pages just change
        shift = round((1 - k) * 60 * self.direction)
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        base = f"howto.{self.game}.{key}"
        draw_fitted(
            layer,
            t(base + ".title"),
            (TEXT_BOX.x, PANEL.y + 60),
            PANEL.right - 40 - TEXT_BOX.x,
            36,
            Palette.GOLD_LIGHT,
            True,
            "midleft",
            smallest=26,
        )
        draw_wrapped(layer, t(base + ".body"), TEXT_BOX, 22, Palette.CREAM, smallest=READ)
        art(layer, pygame.Rect(ART_CENTER[0] - 190, ART_CENTER[1] - 190, 380, 380), self.app.time)
        layer.set_alpha(round(255 * min(1.0, k * 1.4)))
        surface.blit(layer, (shift, 0))
        for delta, rect in ARROWS.items():
            draw_text(surface, "❮" if delta < 0 else "❯", rect.center, 40, Palette.GOLD, anchor="center")
        for page, rect in enumerate(self._dots()):
            dot = Palette.GOLD_LIGHT if page == self.page else (*Palette.CREAM_DIM, 120)
            pygame.draw.circle(surface, dot, rect.center, 6 if page == self.page else 4)
        draw_hints(surface, [("← →", t("hint.page")), ("Tab", t("hint.game")), ("Esc", t("hint.back"))], 668)
