"""Filling a template's blanks as each language writes the words around them.

A template is written once, but the word put in its blank is not known until the game runs:
a name, a rank, a count. Some languages change the little word before the blank by the sound
the blank's word starts with, and a template cannot say that by itself:

- French elides "de", "que", "ne", "le", "la"… before a vowel or a mute h: "la main de
  Ben", "la main d’Iris", "on attend qu’Ana appuie" (never "de Iris", "que Ana"). An h
  aspiré and numbers keep the whole word: "de huit", "de Hongrie", "de 8".
- Spanish "y" becomes "e" before an i sound ("Ana e Iris", but "agua y hielo"), and "o"
  becomes "u" before an o sound ("siete u ocho").
- Hungarian "a" becomes "az" before a vowel ("az ász", "a király"), and back. Before a blank
  that holds a person's name (PERSON_BLANKS) the article is written only when the name needs
  one: a default name is a common noun with an ordinal ("az 1. játékos jön", "a 2. játékos
  lapjai"; "1." is read "első", "5." "ötödik"), a name people type takes none in writing
  ("Anna jön", "Csak Anna kukucsbillentyűje"). So a Hungarian template writes "a {name}"
  wherever the default names need the article, and each kind of name reads right.

fill(language, template, fields) does what str.format does, then these changes at each blank;
the tests walk every template of every table with names that start with a vowel and with a
consonant.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping

_FORMATTER = string.Formatter()
# Words, doubled braces and blanks of plain ASCII names only: sound without a closer look
PLAIN_TEMPLATE = re.compile(r"(?:[^{}]|\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\})*")

# French: the words that elide, as the text before a blank ends with them (and a space).
_FR_ELIDING = re.compile(
    r"(?:^|(?<=[\s«(“\"'’—–-]))(de|que|ne|je|me|te|se|le|la|jusque|lorsque|puisque|quoique) $",
    re.IGNORECASE,
)
# Words starting with a vowel letter or an h that take no elision (h aspiré, "onze", "oui").
_FR_KEEP = ("huit", "onze", "oui", "hongr", "haut", "hasard", "héros", "hache", "hall", "hamac",
            "handicap", "hareng", "haricot", "hérisson", "hibou", "hockey", "hollande", "homard",
            "honte", "hors", "hublot", "hurl", "yacht", "yaourt", "yoga", "yoyo", "uhlan")
_ES_Y = re.compile(r"(?:^|(?<=\s))([yY]) $")
_ES_O = re.compile(r"(?:^|(?<=\s))([oO]) $")
_HU_ARTICLE = re.compile(r"(?:^|(?<=[\s(„“\"]))([aA]z?) $")
_LEADING_MARKS = "«»“”„\"'‘’([¿¡"
# The blanks that hold a person's (a seat's) name: a Hungarian article before one of them is
# written only for a name that needs it (hungarian_name_takes_article).
PERSON_BLANKS = frozenset({"name", "caller", "challenger", "claimant", "seat", "turn", "owner",
                           "other", "waiting", "winner", "taken", "old"})  # fmt: skip


def _letters(word: str) -> str:
    """The word's start as plain lower-case letters: accents off, quotes and brackets skipped."""
    word = word.lstrip(_LEADING_MARKS)
    plain = unicodedata.normalize("NFD", word[:12])
    return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold()


def _is_vowel(ch: str) -> bool:
    return ch in "aeiouœæ"


def french_elides_before(word: str) -> bool:
    """Whether "de", "que"… lose their vowel before word: "d’Iris", "qu’Ana", "d’Hugo", "d’Yves"."""
    if not word or word.lstrip(_LEADING_MARKS)[:1].isdigit():
        return False
    letters = _letters(word)
    if not letters or letters.startswith(_FR_KEEP):
        return False
    first, second = letters[0], letters[1:2]
    if _is_vowel(first):
        return True
    if first == "h":  # a mute h: "d’Hélène", "d’Hugo"
        return _is_vowel(second) or second == "y"
    if first == "y":  # "d’Yves", but "de Yann": a y before a vowel is a consonant
        return bool(second) and not _is_vowel(second)
    return False


def spanish_i_sound(word: str) -> bool:
    """Whether word starts with an i sound, so "y" before it is written "e": "Iris", "Hilda",
    but not "hielo" or "Yolanda"."""
    letters = _letters(word)
    if letters.startswith("h"):
        letters = letters[1:]
    return letters.startswith("i") and not (len(letters) > 1 and _is_vowel(letters[1]))


def spanish_o_sound(word: str) -> bool:
    """Whether word starts with an o sound, so "o" before it is written "u": "ocho", "Olga"."""
    letters = _letters(word)
    if letters.startswith("h"):
        letters = letters[1:]
    return letters.startswith("o")


def hungarian_vowel(word: str) -> bool:
    """Whether word is said with a vowel first, so the article is "az": "ász", "Emma", "5" (öt)."""
    stripped = word.lstrip(_LEADING_MARKS)
    digits = re.match(r"\d+", stripped)
    if digits:  # egy, öt, ezer…: the number as it is read
        number = digits.group()
        return number == "1" or number.startswith("5") or (len(number) == 4 and number.startswith("1"))
    letters = _letters(stripped)
    return bool(letters) and _is_vowel(letters[0])


def hungarian_name_takes_article(name: str) -> bool:
    """Whether a person's name takes the article in written Hungarian: a default name starting
    with its ordinal does ("az 1. játékos", "a 2. játékos"); a name people type does not ("Anna")."""
    return name.lstrip(_LEADING_MARKS)[:1].isdigit()


def _join(language: str, before: str, word: str, blank: str = "") -> str:
    """before (the text so far), changed as language writes it in front of word (the blank's)."""
    if not word or not before.endswith(" "):
        return before
    if language == "fr":
        match = _FR_ELIDING.search(before)
        if match and french_elides_before(word):
            return before[: match.end(1) - 1] + "’"
    elif language == "es":
        match = _ES_Y.search(before)
        if match and spanish_i_sound(word):
            return before[: match.start(1)] + ("e" if match.group(1) == "y" else "E") + " "
        match = _ES_O.search(before)
        if match and spanish_o_sound(word):
            return before[: match.start(1)] + ("u" if match.group(1) == "o" else "U") + " "
    elif language == "hu":
        match = _HU_ARTICLE.search(before)
        if match:
            if blank in PERSON_BLANKS and not hungarian_name_takes_article(word):
                return before[: match.start(1)]  # "Anna jön", not "A Anna jön"
            article = "az" if hungarian_vowel(word) else "a"
            if match.group(1)[0] == "A":
                article = article.capitalize()
            return before[: match.start(1)] + article + " "
    return before


def fill(language: str, template: str, fields: Mapping[str, object]) -> str:
    """template with its {blanks} filled from fields, the words before each blank as language
    writes them. Raises KeyError for a blank fields lacks (as str.format does)."""
    out = ""
    for literal, name, _spec, _conversion in _FORMATTER.parse(template):
        out += literal
        if name is None:
            continue
        if name not in fields:
            raise KeyError(name)
        word = str(fields[name])
        out = _join(language, out, word, name) + word
    return out


def check_template(template: str) -> str | None:
    """Why template may not be used (a blank with a format spec, a conversion, an attribute or
    an index: "{name:>999999}" would eat the memory), or None when it is sound."""
    if PLAIN_TEMPLATE.fullmatch(template):  # the usual text: at C speed (a thousand at every start)
        return None
    try:
        parts = list(_FORMATTER.parse(template))
    except ValueError as error:
        return str(error)
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if not name.isidentifier():
            return f"the blank {{{name}}} is not a plain name"
        if spec:
            return f"the blank {{{name}}} has a format spec ({spec!r})"
        if conversion:
            return f"the blank {{{name}}} has a conversion (!{conversion})"
    return None
