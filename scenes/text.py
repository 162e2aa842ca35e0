"""Translations and fonts: every visible string and every font comes from here."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent / "assets"
LANG_DIR = ASSETS / "lang"
FONT_DIR = ASSETS / "fonts"
FALLBACK = "en"

log = logging.getLogger(__name__)

Color = tuple[int, int, int] | tuple[int, int, int, int]


def load_table(language: str) -> dict[str, str]:
    """Merge every assets/lang/<language>/*.json (one file per screen) into one table."""
    table: dict[str, str] = {}
    folder = LANG_DIR / language
    for path in sorted(folder.glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        for key, value in entries.items():
            if key in table:
                raise ValueError(f"{path.name}: key {key!r} is defined twice")
            table[key] = value
    return table


def available_languages() -> list[str]:
    """Languages that have a folder of tables under assets/lang."""
    return sorted(p.name for p in LANG_DIR.iterdir() if p.is_dir() and any(p.glob("*.json")))


def preferred_language(locales: Iterable[dict] | None = None) -> str:
    """The first of the system's preferred languages we have a table for, else English."""
    if locales is None:
        try:
            locales = pygame.system.get_pref_locales()
        except (pygame.error, AttributeError):
            locales = []
    have = set(available_languages())
    for locale in locales or []:
        language = str(locale.get("language", "")).lower()
        if language in have:
            return language
    return FALLBACK


class Translator:
    """A language's table with English behind it: a missing key never crashes."""

    def __init__(self, language: str = FALLBACK) -> None:
        """Load the English table and, over it, the chosen language's."""
        self.english = load_table(FALLBACK)
        self.language = language if language in available_languages() else FALLBACK
        self.table = self.english if self.language == FALLBACK else load_table(self.language)
        self.missing: set[str] = set()

    def __call__(self, key: str, **fmt: object) -> str:
        """The text for key, formatted with fmt; the key itself when nobody wrote it."""
        template = self.table.get(key, self.english.get(key))
        if template is None:
            if key not in self.missing:
                self.missing.add(key)
                log.warning("no text for %r", key)
            return key
        try:
            return template.format(**fmt) if fmt else template
        except (KeyError, IndexError, ValueError):
            return template


_translator: Translator | None = None


def set_language(language: str | None = None) -> str:
    """Switch the table (None: the system's preference); returns the language used."""
    global _translator
    _translator = Translator(language or preferred_language())
    return _translator.language


def t(key: str, **fmt: object) -> str:
    """The user-visible text for key in the current language, e.g. t("menu.quit")."""
    if _translator is None:
        set_language()
    assert _translator is not None
    return _translator(key, **fmt)


def has_text(key: str) -> bool:
    """Whether the current language or English defines key."""
    if _translator is None:
        set_language()
    assert _translator is not None
    return key in _translator.table or key in _translator.english


# -- fonts ---------------------------------------------------------------------------


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at size pixels (it has ♠♥♦♣ and ő/ű); cached."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return pygame.font.Font(str(FONT_DIR / name), size)


@lru_cache(maxsize=1024)
def render(
    text: str,
    size: int,
    color: Color = (245, 236, 214),
    bold: bool = False,
    shadow: Color | None = (0, 0, 0, 140),
    offset: int = 0,
) -> pygame.Surface:
    """Text as an SRCALPHA surface, with a soft drop shadow; cached, so never draw on it."""
    face = font(size, bold)
    text_surface = face.render(text, True, color[:3])
    if len(color) == 4:
        text_surface.set_alpha(color[3])
    if shadow is None:
        return text_surface
    off = offset or max(1, size // 14)
    shade = face.render(text, True, shadow[:3])
    shade.set_alpha(shadow[3] if len(shadow) == 4 else 255)
    out = pygame.Surface(
        (text_surface.get_width() + off, text_surface.get_height() + off), pygame.SRCALPHA
    )
    out.blit(shade, (off, off))
    out.blit(text_surface, (0, 0))
    return out


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int,
    color: Color = (245, 236, 214),
    bold: bool = False,
    anchor: str = "topleft",
    shadow: Color | None = (0, 0, 0, 140),
) -> pygame.Rect:
    """Draw text with its anchor ("center", "midtop", ...) at pos; returns the rect used."""
    image = render(text, size, color, bold, shadow)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Break text into lines no wider than width pixels; newlines start a new paragraph."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def draw_wrapped(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: Color = (245, 236, 214),
    bold: bool = False,
    line_gap: float = 1.3,
    align: str = "left",
    shadow: Color | None = (0, 0, 0, 110),
) -> int:
    """Draw text wrapped inside rect's width from its top; returns the y below the last line."""
    y = rect.top
    step = round(font(size, bold).get_linesize() * line_gap / 1.15)
    for line in wrap(text, rect.width, size, bold):
        if line:
            anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[align]
            x = {"left": rect.left, "center": rect.centerx, "right": rect.right}[align]
            draw_text(surface, line, (x, y), size, color, bold, anchor, shadow)
        y += step if line else step // 2
    return y
