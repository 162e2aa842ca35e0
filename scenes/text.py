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


MAX_TABLE_BYTES = 1 << 20  # a translation table is a few kilobytes; a huge one is damage


def _restore_hint(path: Path) -> str:
    """What to do about a damaged file of the game, in words a player can act on."""
    parts = path.parts
    if "assets" in parts:  # the path inside the game's folder, as git knows it
        shown = "/".join(parts[len(parts) - 1 - parts[::-1].index("assets"):])
    else:
        shown = str(path)
    return f"reinstall the game or run `git checkout -- {shown}`"


def _read_table(path: Path) -> dict[str, str]:
    """One translation file as key -> text; raises ValueError saying what is wrong with it."""
    if not path.is_file():
        raise ValueError("it is not a file")
    with path.open("rb") as handle:
        data = handle.read(MAX_TABLE_BYTES + 1)
    if len(data) > MAX_TABLE_BYTES:
        raise ValueError(f"it is larger than {MAX_TABLE_BYTES} bytes")
    try:
        entries = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, RecursionError) as error:
        raise ValueError(str(error)) from None
    if not isinstance(entries, dict):
        raise ValueError("it is not a JSON object of texts")
    return {key: value for key, value in entries.items() if isinstance(value, str)}


def load_table(language: str, skipped: list[str] | None = None) -> dict[str, str]:
    """Merge every assets/lang/<language>/*.json (one file per screen) into one table.

    A damaged, unreadable or misplaced file is skipped with one line in the log saying which
    and what to do (and added to skipped); its texts then come from English, or show as keys.
    """
    table: dict[str, str] = {}
    folder = LANG_DIR / language
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        paths = []
    if not paths and language == FALLBACK:
        if skipped is not None:
            skipped.append(str(folder))
        log.warning("bluffhouse: no texts in %s: screens show their keys instead; %s", folder,
                    _restore_hint(folder))  # fmt: skip
    for path in paths:
        try:
            entries = _read_table(path)
        except (OSError, ValueError) as error:
            log.warning("bluffhouse: cannot use %s (%s); %s", path.name, error, _restore_hint(path))
            if skipped is not None:
                skipped.append(path.name)
            continue
        for key, value in entries.items():
            if key in table:
                log.warning("bluffhouse: %s: key %r is defined twice; the first one is used",
                            path.name, key)  # fmt: skip
                continue
            table[key] = value
    return table


def available_languages() -> list[str]:
    """Languages that have a folder of tables under assets/lang."""
    try:
        return sorted(p.name for p in LANG_DIR.iterdir() if p.is_dir() and any(p.glob("*.json")))
    except OSError:
        return []


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
        self.skipped: list[str] = []  # damaged files, already reported: missing keys stay quiet
        self.english = load_table(FALLBACK, self.skipped)
        self.language = language if language in available_languages() else FALLBACK
        self.table = self.english if self.language == FALLBACK else load_table(self.language, self.skipped)
        self.missing: set[str] = set()

    def __call__(self, key: str, **fmt: object) -> str:
        """The text for key, formatted with fmt; the key itself when nobody wrote it."""
        template = self.table.get(key, self.english.get(key))
        if template is None:
            if key not in self.missing:
                self.missing.add(key)
                log.log(logging.DEBUG if self.skipped else logging.WARNING, "no text for %r", key)
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


FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_font_trouble: set[str] = set()  # fonts already reported missing or damaged: one line each


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at size pixels (it has ♠♥♦♣ and ő/ű); cached.

    A missing or damaged font file gives one line in the log and pygame's own font instead.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / FONT_FILES[bool(bold)]
    try:
        face = pygame.font.Font(str(path), size)
        face.size("♠ő")  # a file that loads but cannot measure is damaged too
        return face
    except (OSError, ValueError, pygame.error) as error:
        if path.name not in _font_trouble:
            _font_trouble.add(path.name)
            log.warning("bluffhouse: cannot use the font %s (%s); using pygame's default font, "
                        "where ♠♥♦♣ may show as boxes: %s", path.name, error,
                        _restore_hint(path))  # fmt: skip
    face = pygame.font.Font(None, size)
    face.bold = bool(bold)
    return face


MAX_LINE_CHARS = 400  # no line of the game is this long; a longer one is cut before drawing
MAX_LINE_WIDTH = 4 * 1280  # ...to what would fill four screens


def drawable(text: str) -> str:
    """text as SDL_ttf accepts it: without NUL characters and with lone surrogates as "?"."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def render_line(face: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """face.render(text) that never raises: text that draws nothing gives a 1-pixel-wide surface."""
    text = drawable(text)
    try:
        return face.render(text, True, color[:3])
    except pygame.error:  # "Text has zero width": only invisible characters
        return pygame.Surface((1, face.get_height()), pygame.SRCALPHA)


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
    if len(text) > MAX_LINE_CHARS:
        from scenes.fit import ellipsize

        text = ellipsize(text, MAX_LINE_WIDTH, size, bold)
    text_surface = render_line(face, text, color)
    if len(color) == 4:
        text_surface.set_alpha(color[3])
    if shadow is None:
        return text_surface
    off = offset or max(1, size // 14)
    shade = render_line(face, text, shadow)
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
    max_lines: int | None = None,
) -> int:
    """Draw text wrapped inside rect's width from its top; returns the y below the last line.

    With max_lines, what does not fit on them is cut with "…" at the end of the last one.
    """
    y = rect.top
    step = round(font(size, bold).get_linesize() * line_gap / 1.15)
    lines = wrap(text, rect.width, size, bold)
    if max_lines is not None and len(lines) > max_lines:
        from scenes.fit import ELLIPSIS, ellipsize

        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, rect.width, size, bold)
    for line in lines:
        if line:
            anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[align]
            x = {"left": rect.left, "center": rect.centerx, "right": rect.right}[align]
            draw_text(surface, line, (x, y), size, color, bold, anchor, shadow)
        y += step if line else step // 2
    return y
