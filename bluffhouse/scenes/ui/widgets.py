"""Widgets in the house style: buttons, menus, steppers, text fields, panels and key caps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from bluffhouse.scenes.ui.anim import lerp_color, pulse
from bluffhouse.scenes.ui.intents import Intent
from bluffhouse.scenes.ui.keycaps import draw_keycap, keycap_size
from bluffhouse.scenes.ui.lines import RGB, Color
from bluffhouse.scenes.ui.names import NAME_MAX, has_hidden, typed
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.surface_cache import SurfaceCache
from bluffhouse.scenes.ui.text import (
    READ,
    SMALL,
    cover,
    draw_fitted,
    draw_text,
    ellipsize,
    fit_lines,
    fits_lines,
    font,
)


class Sounds(Protocol):
    """Anything with play(name): the app's sound."""

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect by name."""


# -- drawing helpers -------------------------------------------------------------------


# Panels and key caps are drawn every frame in the same few looks: made once, blitted after.
_DRAWN = SurfaceCache(32 * 1024 * 1024)


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Sequence[int] = Palette.PANEL,
    border: Sequence[int] | None = (*Palette.GOLD, 150),
    radius: int = 18,
    width: int = 2,
    shadow: bool = True,
) -> None:
    """A rounded translucent panel with a soft shadow and a thin gold edge."""
    pad = 10 if shadow else 0
    look = (rect.w, rect.h, tuple(fill), tuple(border) if border is not None else None, radius, width, shadow)
    layer = _DRAWN.get(("panel", *look), lambda: _panel(*look))
    surface.blit(layer, (rect.x - pad, rect.y - pad))
    if len(fill) < 4 or fill[3] >= COVERS:
        cover(surface, rect)


COVERS = 180  # a panel at least this opaque hides what was drawn under it


def _panel(w: int, h: int, fill, border, radius: int, width: int, shadow: bool) -> pygame.Surface:
    pad = 10 if shadow else 0
    layer = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    inner = pygame.Rect(pad, pad, w, h)
    if shadow:
        for grow, alpha in ((8, 22), (5, 30), (2, 40)):
            pygame.draw.rect(
                layer,
                (0, 0, 0, alpha),
                inner.inflate(grow, grow).move(0, 4),
                border_radius=radius + grow // 2,
            )
    pygame.draw.rect(layer, fill, inner, border_radius=radius)
    if border is not None and width:
        pygame.draw.rect(layer, border, inner, width, border_radius=radius)
    return layer


# -- the one button ----------------------------------------------------------------------

CHALLENGE_RED = (188, 44, 40)
BUTTON_STYLES: dict[str, tuple[RGB, Color, RGB]] = {  # fill, edge, ink of a live button
    "gold": (Palette.GOLD, Palette.CREAM, Palette.INK),
    "red": (CHALLENGE_RED, (255, 210, 190), Palette.CREAM),
    "dark": ((8, 34, 22), Palette.GOLD, Palette.CREAM),
}
BRIGHTER = {"gold": Palette.GOLD_LIGHT, "red": (232, 82, 70), "dark": Palette.GOLD_LIGHT}


def draw_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str | None,
    style: str = "dark",
    *,
    focused: bool = False,
    enabled: bool = True,
    live: bool = False,
    key: str | None = None,
    time: float = 0.0,
    size: int = 22,
    smallest: int = READ,
    progress: float | None = None,
    markers: bool = False,
) -> tuple[int, int, int]:
    """The house button, everywhere: gold, red or dark, a rounded bar with the label and a key cap.

    focused: the keys' choice (a dark one turns gold, ♠ … ♣ beside it with markers); live: a
    move waiting to be made (it breathes); disabled: dimmed; progress: a waiting bar filling
    it. The label shrinks to fit. Returns the ink colour (for widgets that draw their words).
    """
    fill, edge, ink = BUTTON_STYLES[style]
    alpha, width = 245, 2
    if not enabled:
        fill, edge, ink = (14, 40, 28), (*Palette.GOLD, 110), Palette.CREAM_DIM
    elif focused and style == "dark":
        fill, edge, ink = Palette.GOLD, Palette.CREAM, Palette.INK
    elif style == "dark":  # a quiet choice among others
        alpha, edge, width = 190, (*Palette.GOLD, 90), 1
    if enabled and (live or focused):
        glow = pulse(time, 0.9 if style == "red" else 1.6)
        fill = lerp_color(fill, BRIGHTER[style] if style != "dark" or focused else fill, 0.25 + 0.35 * glow)
    draw_panel(
        surface, rect, (*fill[:3], alpha), edge if len(edge) == 4 else (*edge, 255), rect.h // 2, width
    )
    if focused and enabled and markers:
        glow = pulse(time, 1.6)
        for side, x in ((-1, rect.left - 22), (1, rect.right + 22)):
            draw_text(
                surface,
                "♠" if side < 0 else "♣",
                (x + round(3 * glow) * side, rect.centery),
                22,
                Palette.GOLD_LIGHT,
                anchor="center",
                role="decor",
            )
    if progress is not None and progress < 1:
        bar = rect.inflate(-10, -10)
        bar.w = max(0, round(bar.w * progress))
        layer = pygame.Surface(bar.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*Palette.GOLD, 70), layer.get_rect(), border_radius=bar.h // 2)
        surface.blit(layer, bar)
    if label is None:
        return ink
    rows = 2 if rect.h >= 40 else 1  # a long label wraps where the button is tall enough
    smallest = min(size, smallest)
    lit = dict(lit=enabled and (live or focused), dim=not enabled)
    cap_w = 0
    if key:
        cap_w = keycap_size(key, 14)[0] + 8
        if not fits_lines(label, rect.w - 28 - cap_w, smallest, True, rows):  # the cap sits on the edge
            draw_keycap(surface, key, (rect.right - 12, rect.y + 8), SMALL, "bottomright", **lit)
            key, cap_w = None, 0
        else:
            draw_keycap(surface, key, (rect.right - 14, rect.centery), 14, "midright", **lit)
    if rect.h >= 50 and not fits_lines(label, rect.w - 28 - cap_w, smallest, True, rows):
        rows = 3
    size, lines = fit_lines(label, rect.w - 28 - cap_w, size, smallest, True, rows)
    step = font(size, True).get_linesize() - 2
    x, y = rect.x + (rect.w - cap_w) // 2 + (4 if key else 0), rect.centery - step * (len(lines) - 1) / 2
    for row, line in enumerate(lines):
        draw_text(surface, line, (x, round(y + row * step)), size, ink, True, "center", None)
    return ink


# -- widgets ---------------------------------------------------------------------------


class Widget:
    """Something a Menu lays out and focuses."""

    focusable = True

    def __init__(self, width: int, height: int, enabled: bool = True) -> None:
        """A widget of the given size; the menu places it."""
        self.rect = pygame.Rect(0, 0, width, height)
        self.enabled = enabled
        self.markers = True  # ♠ … ♣ either side when focused (off for buttons side by side)

    @property
    def wants_text(self) -> bool:
        """Whether typing should go to this widget while it has the focus."""
        return False

    def handle(self, intent: Intent, focused: bool) -> bool:
        """React to an intent; True when consumed."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool, time: float) -> None:
        """Draw at self.rect."""

    def _frame(self, surface: pygame.Surface, focused: bool, time: float) -> tuple[int, int, int]:
        """The house button under this widget's words; returns the text colour to use on it."""
        return draw_button(
            surface, self.rect, None, focused=focused, enabled=self.enabled, time=time, markers=self.markers
        )


LABEL_MARGIN = 6  # a two-line label's room from the button's frame, above and below
LABEL_GAP = -5  # two lines of a label sit this much closer than the font's line size


class Button(Widget):
    """A labelled button: click, Enter, Space or a pad's ✕/A runs its action."""

    def __init__(
        self,
        label: str,
        action: Callable[[], Any],
        width: int = 380,
        height: int = 54,
        enabled: bool = True,
        size: int = 24,
    ) -> None:
        """label is already translated; action runs on activation."""
        super().__init__(width, height, enabled)
        self.label, self.action, self.size = label, action, size

    def handle(self, intent: Intent, focused: bool) -> bool:
        """Activate on confirm/select when focused, or on a click inside."""
        hit = intent.kind == "click" and intent.pos is not None and self.rect.collidepoint(intent.pos)
        if (focused and intent.kind in ("confirm", "select")) or hit:
            if self.enabled:
                self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, time: float) -> None:
        """The button with its label centred (smaller when it is long: it never spills over)."""
        color = self._frame(surface, focused, time)
        lines = 2 if self.rect.h >= 40 else 1  # a long label takes a second line before it is cut
        least = min(self.size, READ)
        # Two lines shrink until they stand clear of the frame (they touched it at full size): n
        # lines take n - 1 gaps and one whole line size, so the height given is one gap less.
        room = self.rect.h - 2 * LABEL_MARGIN + LABEL_GAP
        width = self.rect.w - 28
        size, labels = fit_lines(self.label, width, self.size, least, focused, lines, room, LABEL_GAP)
        if lines > 1 and labels[-1].endswith("…") and not self.label.endswith("…"):
            # a button too low for two lines clear of its frame: lines near the frame beat words cut
            size, labels = fit_lines(self.label, width, self.size, least, focused, lines, gap=LABEL_GAP)
        gap = font(size, focused).get_linesize() + LABEL_GAP
        for row, label in enumerate(labels):
            at = (self.rect.centerx, self.rect.centery + round((row - (len(labels) - 1) / 2) * gap))
            draw_text(surface, label, at, size, color, focused, "center", None if focused else Palette.SHADOW)


class Stepper(Widget):
    """Label and a value changed with ←/→ (or a click on the arrows): a set-up option."""

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[Any, str]],
        index: int = 0,
        on_change: Callable[[Any], Any] | None = None,
        width: int = 520,
        height: int = 54,
    ) -> None:
        """options: (value, shown text) pairs; on_change gets the new value."""
        super().__init__(width, height)
        self.label, self.options, self.index, self.on_change = label, list(options), index, on_change

    @property
    def value(self) -> Any:
        """The chosen value."""
        return self.options[self.index][0]

    def step(self, delta: int) -> None:
        """Move to the next (+1) or previous (-1) option, wrapping round."""
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle(self, intent: Intent, focused: bool) -> bool:
        """←/→ or confirm when focused; a click on either half steps that way."""
        if focused and intent.kind in ("left", "right"):
            self.step(-1 if intent.kind == "left" else 1)
            return True
        if focused and intent.kind in ("confirm", "select"):
            self.step(1)
            return True
        if intent.kind == "click" and intent.pos and self.rect.collidepoint(intent.pos):
            self.step(-1 if intent.pos[0] < self.rect.right - self.VALUE_FROM_RIGHT else 1)
            return True
        return False

    VALUE_FROM_RIGHT, ARROW_OFFSET, SIZE, LABEL_X = 150, 112, 22, 26  # where the parts sit

    def draw(self, surface: pygame.Surface, focused: bool, time: float) -> None:
        """Label on the left, ‹ value › on the right; each shrinks (not under READ), then takes
        a second line, to stay clear of the arrows."""
        color = self._frame(surface, focused, time)
        r, size = self.rect, self.SIZE
        shadow = None if focused else Palette.SHADOW
        value_x = r.right - self.VALUE_FROM_RIGHT
        label_room = value_x - self.ARROW_OFFSET - 20 - (r.x + self.LABEL_X)
        draw_fitted(
            surface,
            self.label,
            (r.x + self.LABEL_X, r.centery),
            label_room,
            size,
            color,
            anchor="midleft",
            shadow=shadow,
            max_lines=2,
            height=r.h,
            gap=-4,
        )
        value = self.options[self.index][1]
        room = 2 * self.ARROW_OFFSET - 36
        draw_fitted(
            surface,
            value,
            (value_x, r.centery),
            room,
            size,
            color,
            True,
            "center",
            shadow=shadow,
            max_lines=2,
            height=r.h,
            gap=-4,
        )
        for sign, x in ((-1, value_x - self.ARROW_OFFSET), (1, value_x + self.ARROW_OFFSET)):
            draw_text(surface, "‹" if sign < 0 else "›", (x, r.centery - 2), 30, color, True, "center", None)


class TextField(Widget):
    """A one-line text entry (a player's name); typing works while it has the focus."""

    def __init__(
        self,
        label: str,
        text: str = "",
        max_length: int = NAME_MAX,
        on_change: Callable[[str], Any] | None = None,
        on_submit: Callable[[str], Any] | None = None,
        width: int = 520,
        height: int = 54,
        on_hidden: Callable[[], Any] | None = None,
    ) -> None:
        """label is shown on the left; on_submit runs on Enter; on_hidden when typed letters
        are left out because the fonts cannot draw them."""
        super().__init__(width, height)
        self.label, self.text, self.max_length = label, text, max_length
        self.on_change, self.on_submit, self.on_hidden = on_change, on_submit, on_hidden

    @property
    def wants_text(self) -> bool:
        """Text fields take typing."""
        return True

    def handle(self, intent: Intent, focused: bool) -> bool:
        """Typed text, Backspace and Enter while focused."""
        if not focused:
            return False
        if intent.kind == "text":
            if self.on_hidden is not None and has_hidden(intent.text):
                self.on_hidden()
            self._set(typed(self.text + intent.text, self.max_length))
            return True
        if intent.kind == "backspace":
            self._set(self.text[:-1])
            return True
        if intent.kind == "confirm" and self.on_submit is not None:
            self.on_submit(self.text)
            return True
        return False

    def _set(self, text: str) -> None:
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def draw(self, surface: pygame.Surface, focused: bool, time: float) -> None:
        """Label, then the text in a cream box with a blinking caret when focused."""
        color = self._frame(surface, focused, time)
        r = self.rect
        draw_text(
            surface,
            self.label,
            (r.x + 26, r.centery),
            22,
            color,
            anchor="midleft",
            shadow=None if focused else Palette.SHADOW,
        )
        box = pygame.Rect(r.right - 250, r.y + 8, 236, r.h - 16)
        pygame.draw.rect(surface, Palette.CARD, box, border_radius=box.h // 2)
        text = ellipsize(self.text, box.w - 34, 22, keep="end")  # the end is where one types
        shown = draw_text(
            surface, text, (box.x + 16, box.centery), 22, Palette.INK, anchor="midleft", shadow=None
        )
        if focused and int(time * 2) % 2 == 0:
            x = shown.right + 2 if self.text else box.x + 16
            pygame.draw.line(surface, Palette.INK, (x, box.y + 8), (x, box.bottom - 8), 2)


class Menu:
    """A vertical list of widgets: ↑/↓ (or the mouse) moves the focus, the focused one acts."""

    def __init__(
        self,
        widgets: Sequence[Widget],
        center: tuple[int, int] = (640, 420),
        spacing: int = 14,
        sound: Sounds | None = None,
    ) -> None:
        """Lay the widgets out in a column centred on center."""
        self.widgets = list(widgets)
        self.sound = sound
        total = sum(w.rect.h for w in self.widgets) + spacing * (len(self.widgets) - 1)
        y = center[1] - total // 2
        for widget in self.widgets:
            widget.rect.midtop = (center[0], y)
            y += widget.rect.h + spacing
        self.focus = next((i for i, w in enumerate(self.widgets) if self._can_focus(i)), 0)

    def _can_focus(self, index: int) -> bool:
        widget = self.widgets[index]
        return widget.focusable and widget.enabled

    @property
    def focused(self) -> Widget | None:
        """The widget with the focus."""
        return self.widgets[self.focus] if self.widgets else None

    @property
    def wants_text(self) -> bool:
        """Whether the focused widget takes typing (hand this to Scene.wants_text)."""
        return self.focused is not None and self.focused.wants_text

    def move(self, delta: int) -> None:
        """Move the focus to the next focusable widget up (-1) or down (+1), wrapping."""
        n = len(self.widgets)
        for k in range(1, n + 1):
            index = (self.focus + delta * k) % n
            if self._can_focus(index):
                if index != self.focus and self.sound is not None:
                    self.sound.play("tick")
                self.focus = index
                return

    def focus_on(self, widget: Widget) -> None:
        """Give the focus to widget."""
        self.focus = self.widgets.index(widget)

    def handle(self, intent: Intent) -> bool:
        """Route one intent: focus moves, clicks and hovers, then the focused widget."""
        if intent.kind in ("up", "down"):
            self.move(-1 if intent.kind == "up" else 1)
            return True
        if intent.kind == "wheel":
            self.move(-intent.value)
            return True
        if intent.kind in ("motion", "click") and intent.pos is not None:
            for index, widget in enumerate(self.widgets):
                if widget.rect.collidepoint(intent.pos) and self._can_focus(index):
                    if index != self.focus and self.sound is not None:
                        self.sound.play("tick", 0.5)
                    self.focus = index
                    return widget.handle(intent, True) if intent.kind == "click" else True
            return False
        focused = self.focused
        return focused is not None and focused.handle(intent, True)

    def draw(self, surface: pygame.Surface, time: float) -> None:
        """Draw every widget, the focused one highlighted."""
        for index, widget in enumerate(self.widgets):
            widget.draw(surface, index == self.focus, time)
