"""Translations: every visible string comes from the tables under assets/lang, through t()."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from pathlib import Path

import pygame

from scenes.ui.assets import ASSETS, restore_hint

LANG_DIR = ASSETS / "lang"
FALLBACK = "en"
MAX_TABLE_BYTES = 1 << 20  # a translation table is a few kilobytes; a huge one is damage

log = logging.getLogger(__name__)


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
                    restore_hint(folder))  # fmt: skip
    for path in paths:
        try:
            entries = _read_table(path)
        except (OSError, ValueError) as error:
            log.warning("bluffhouse: cannot use %s (%s); %s", path.name, error, restore_hint(path))
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
