"""Translations: every visible string comes from the tables under assets/lang, through t().

A table entry is a whole-sentence template ("{name} picks up {n}.") or, where a number
changes the words, its plural forms by the language's own rule: {"one": "one card", "other":
"{n} cards"} (French counts 0 as singular; Hungarian keeps the noun singular after a number,
which its table simply writes). The number that chooses the form is the field `n`; a table may
also give a "zero" form where its language says nothing at all differently ("no bullets left",
not "0 bullets left"). Where the
only person at the table is the subject, screens ask for the second-person form with
you_text(key, True, ...), which uses "key.you" when the language has it.

Blanks are filled by scenes.ui.grammar.fill, which writes the words before a blank as the
language does ("d’Iris", "Ana e Iris"). A template whose blank carries a format spec, a
conversion or an attribute ("{name:>99999999}", "{n!r}", "{a.b}") is refused when its table
loads (one log line; English, or the key, shows instead): a table is data, never code.

The language "pseudo" is made from English for tests: every text wrapped in PSEUDO_OPEN and
PSEUDO_CLOSE and made about 40% longer, so that hard-coded or cramped words stand out.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from stat import S_ISDIR

import pygame

from bluffhouse.scenes.ui import kept_files
from bluffhouse.scenes.ui.assets import ASSETS, restore_hint
from bluffhouse.scenes.ui.grammar import PLAIN_TEMPLATE, check_template, fill

LANG_DIR = ASSETS / "lang"
FALLBACK = "en"
MAX_TABLE_BYTES = 1 << 20  # a translation table is a few kilobytes; a huge one is damage
LANGUAGE_NAMES = {"en": "English", "es": "Español", "fr": "Français", "hu": "Magyar"}
PSEUDO = "pseudo"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")
Entry = str | dict[str, str]

log = logging.getLogger(__name__)


def plural_form(language: str, n: object) -> str:
    """The plural form a number takes in language (CLDR's categories, for whole numbers)."""
    if type(n) is not int:
        return "other"
    if language == "fr":
        return "one" if n in (0, 1) else "other"  # « 0 carte », « 1 carte », « 2 cartes »
    return "one" if n == 1 else "other"  # English, Spanish, Hungarian


def _entry(value: object) -> Entry | None:
    """A table value as a template or plural forms; None when it is neither."""
    if isinstance(value, str):
        return value
    if (
        isinstance(value, dict)
        and value
        and all(k in PLURAL_FORMS and isinstance(v, str) for k, v in value.items())
        and "other" in value
    ):
        return dict(value)
    return None


def entry_problem(entry: Entry) -> str | None:
    """Why a table entry may not be used (see scenes.ui.grammar.check_template), or None."""
    for form in entry.values() if isinstance(entry, dict) else (entry,):
        problem = check_template(form)
        if problem is not None:
            return problem
    return None


def _read_table(path: str, name: str) -> dict[str, Entry]:
    """One translation file (called name) as key -> text, the parsed table itself (read it,
    never change it); raises ValueError saying what is wrong with it."""
    data = kept_files.file_bytes(path, MAX_TABLE_BYTES)  # read again whenever it changed on disk
    if len(data) > MAX_TABLE_BYTES:
        raise ValueError(f"it is larger than {MAX_TABLE_BYTES} bytes")
    table, refused = _parsed(data)
    for key, problem in refused:
        log.warning("bluffhouse: %s: the text %r is refused: %s", name, key, problem)
    return table


@lru_cache(maxsize=64)
def _parsed(data: bytes) -> tuple[dict[str, Entry], tuple[tuple[str, str], ...]]:
    """A table file's bytes as its usable entries and the (key, problem) of each refused one.
    Kept by content: every switch of language and every new window reads the same dozen files,
    and checking every template again cost more than reading them (a changed file is new bytes)."""
    try:
        entries = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, RecursionError) as error:
        raise ValueError(str(error)) from None
    if not isinstance(entries, dict):
        raise ValueError("it is not a JSON object of texts")
    table: dict[str, Entry] = {}
    refused: list[tuple[str, str]] = []
    plain = PLAIN_TEMPLATE.fullmatch
    for key, value in entries.items():
        if type(value) is str and plain(value):  # the usual text, sound at once (a thousand a start)
            table[key] = value
            continue
        entry = _entry(value)
        if entry is None:
            continue
        problem = entry_problem(entry)
        if problem is not None:
            refused.append((key, problem))
            continue
        table[key] = entry
    return table, tuple(refused)


def load_table(language: str, skipped: list[str] | None = None) -> dict[str, Entry]:
    """Merge every assets/lang/<language>/*.json (one file per screen) into one table.

    A damaged, unreadable or misplaced file is skipped with one line in the log saying which
    and what to do (and added to skipped); its texts then come from English, or show as keys.
    """
    table: dict[str, Entry] = {}
    folder = LANG_DIR / language
    try:
        names = [name for name in kept_files.names_in(folder) if name.endswith(".json")]
    except OSError:
        names = []
    if not names and language == FALLBACK:
        if skipped is not None:
            skipped.append(str(folder))
        log.warning(
            "bluffhouse: no texts in %s: screens show their keys instead; %s", folder, restore_hint(folder)
        )
    base = os.fspath(folder)
    for name in names:
        path = os.path.join(base, name)
        try:
            entries = _read_table(path, name)
        except (OSError, ValueError) as error:
            log.warning("bluffhouse: cannot use %s (%s); %s", name, error, restore_hint(Path(path)))
            if skipped is not None:
                skipped.append(name)
            continue
        if table.keys().isdisjoint(entries):
            table.update(entries)  # the usual case, at once
            continue
        for key, value in entries.items():
            if key in table:
                log.warning("bluffhouse: %s: key %r is defined twice; the first one is used", name, key)
                continue
            table[key] = value
    return table


def available_languages() -> list[str]:
    """Languages that have a folder of tables under assets/lang."""
    try:
        names = kept_files.names_in(LANG_DIR)
    except OSError:
        return []
    languages, base = [], os.fspath(LANG_DIR)
    for name in names:
        folder = os.path.join(base, name)
        try:
            status = kept_files.status_of(folder)
            if status is None or not S_ISDIR(status.st_mode):
                continue
            if any(table.endswith(".json") for table in kept_files.names_in(folder, status)):
                languages.append(name)
        except OSError:
            continue  # an unreadable folder is no language
    return languages


def preferred_language(locales: Iterable[Mapping[str, object]] | None = None) -> str:
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


def pseudo_text(text: str) -> str:
    """English made into the pseudo language: marked at both ends, about 40% longer (every
    word grows, as translated words do), with its {placeholders} and line breaks kept."""
    out, length, grown = [], 0, 0
    for part in _PLACEHOLDER.split(text):
        if _PLACEHOLDER.fullmatch(part):
            out.append(part)
            continue
        length += len(part)
        words = []
        for word in re.split(r"(\s+)", part.translate(_ACCENTS)):
            extra = math.ceil(len(word) * 0.4) if word and not word.isspace() else 0
            grown += extra
            words.append(word + "~" * extra)
        out.append("".join(words))
    lines = "".join(out).split("\n")
    lines[-1] += "~" * max(0 if grown else 1, round(length * 0.4) - grown)
    return PSEUDO_OPEN + "\n".join(lines) + PSEUDO_CLOSE


def pseudo_table(english: dict[str, Entry]) -> dict[str, Entry]:
    """Every English entry in the pseudo language."""
    return {
        key: pseudo_text(value)
        if isinstance(value, str)
        else {form: pseudo_text(text) for form, text in value.items()}
        for key, value in english.items()
    }


_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
_ACCENTS = str.maketrans("aeiouAEIOUcnyCNY", "àéîõüÀÉÎÕÜçñýÇÑÝ")


_KEPT_TYPES = frozenset((str, int, float, bool))  # fields whose words depend on nothing else
_KEPT_MOST = 4096  # filled texts kept at most: numbers that keep changing start it afresh


class Translator:
    """A language's table with English behind it: a missing key never crashes."""

    def __init__(self, language: str = FALLBACK) -> None:
        """Load the English table and, over it, the chosen language's (or the pseudo one)."""
        self.skipped: list[str] = []  # damaged files, already reported: missing keys stay quiet
        self.english = load_table(FALLBACK, self.skipped)
        if language == PSEUDO:
            self.language, self.table = PSEUDO, pseudo_table(self.english)
        else:
            self.language = language if language in available_languages() else FALLBACK
            self.table = (
                self.english if self.language == FALLBACK else load_table(self.language, self.skipped)
            )
        self.missing: set[str] = set()
        self._filled: dict[tuple, str] = {}  # filled texts by key and fields, see __call__

    def __call__(self, key: str, **fmt: object) -> str:
        """The text for key, in the plural form fmt["n"] asks for, formatted with fmt; the key
        itself when nobody wrote it."""
        if not fmt:
            entry = self.table.get(key)
            if type(entry) is str:  # the most asked: a plain text, nothing to fill
                return entry
            return self._text(key, fmt)
        types = tuple(map(type, fmt.values()))
        if not _KEPT_TYPES.issuperset(types):
            return self._text(key, fmt)
        # A screen asks for the same filled texts every frame: they are kept, by the fields'
        # types too (1 and 1.0 and True are equal keys but not the same words).
        memo = (key, tuple(fmt.items()), types)
        text = self._filled.get(memo)
        if text is None:
            if len(self._filled) >= _KEPT_MOST:
                self._filled.clear()
            text = self._text(key, fmt)
            if key not in self.missing:  # a missing key stays asked, to be noted as missing
                self._filled[memo] = text
        return text

    def _text(self, key: str, fmt: dict[str, object]) -> str:
        entry = self.table.get(key, self.english.get(key))
        if entry is None:
            if key not in self.missing:
                self.missing.add(key)
                log.log(logging.DEBUG if self.skipped else logging.WARNING, "no text for %r", key)
            return key
        if isinstance(entry, dict):
            n = fmt.get("n")
            form = (
                "zero"
                if type(n) is int and n == 0 and "zero" in entry
                else plural_form("en" if self.language == PSEUDO else self.language, n)
            )
            entry = entry.get(form, entry["other"])
        if not fmt:
            return entry
        try:
            return fill(self.language, entry, fmt)
        except (KeyError, IndexError, ValueError):
            return entry


_translator: Translator | None = None
version = 0  # bumps at every change of language: screens holding words redo them


def set_language(language: str | None = None) -> str:
    """Switch the table (None: the system's preference); returns the language used."""
    global _translator, version
    _translator = Translator(language or preferred_language())
    version += 1
    return _translator.language


def language() -> str:
    """The language the texts are in now."""
    if _translator is None:
        set_language()
    assert _translator is not None
    return _translator.language


def t(key: str, **fmt: object) -> str:
    """The user-visible text for key in the current language, e.g. t("menu.quit")."""
    if _translator is None:
        set_language()
    assert _translator is not None
    return _translator(key, **fmt)


def decimal(value: float, places: int = 1) -> str:
    """A number with its decimals as the language writes them: "1.5" in English, "1,5" in French."""
    return f"{value:.{places}f}".replace(".", t("app.decimal_mark"))


def percent(value: float) -> str:
    """A share as the language writes it: "80%" in English, "80 %" in Spanish and French."""
    return t("app.percent", n=round(value))


def has_text(key: str) -> bool:
    """Whether the current language or English defines key."""
    if _translator is None:
        set_language()
    assert _translator is not None
    return key in _translator.table or key in _translator.english


def you_text(key: str, is_you: bool, **fmt: object) -> str:
    """t(key) or, when the subject is the one person at the table, its second-person form."""
    if is_you and has_text(key + ".you"):
        return t(key + ".you", **fmt)
    return t(key, **fmt)
