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
- Hungarian suffixes glued to a number with a hyphen take the vowel (and a -val/-vel's
  consonant) of the number as it is said: "2-szer", "3-szor", "5-ször", "3-mal", "10-zel",
  "21-gyel" (huszonegy). A template writes any one form ("{n}-szor") and the number chooses
  (hungarian_number_suffix).

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
# Words, doubled braces and blanks of plain ASCII names only: sound without a closer look (a run of
# words is taken whole, not a character per turn of the loop: a language's thousand texts in 0.3 ms)
PLAIN_TEMPLATE = re.compile(r"[^{}]*(?:(?:\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\})[^{}]*)*")

# The patterns of one language are compiled the first time a text of that language is filled
# (re keeps them), not when the window opens: ~0.7 ms of its first frame.
# French: the words that elide, as the text before a blank ends with them (and a space).
_FR_ELIDING = r"(?i)(?:^|(?<=[\s«(“\"'’—–-]))(de|que|ne|je|me|te|se|le|la|jusque|lorsque|puisque|quoique) $"
# Words starting with a vowel letter or an h that take no elision (h aspiré, "onze", "oui").
_FR_KEEP = (
    "huit",
    "onze",
    "oui",
    "hongr",
    "haut",
    "hasard",
    "héros",
    "hache",
    "hall",
    "hamac",
    "handicap",
    "hareng",
    "haricot",
    "hérisson",
    "hibou",
    "hockey",
    "hollande",
    "homard",
    "honte",
    "hors",
    "hublot",
    "hurl",
    "yacht",
    "yaourt",
    "yoga",
    "yoyo",
    "uhlan",
)
_ES_Y = r"(?:^|(?<=\s))([yY]) $"
_ES_O = r"(?:^|(?<=\s))([oO]) $"
_HU_ARTICLE = r"(?:^|(?<=[\s(„“\"]))([aA]z?) $"
_LEADING_MARKS = "«»“”„\"'‘’([¿¡"
# The blanks that hold a person's (a seat's) name: a Hungarian article before one of them is
# written only for a name that needs it (hungarian_name_takes_article).
PERSON_BLANKS = frozenset(
    {
        "name",
        "caller",
        "challenger",
        "claimant",
        "seat",
        "turn",
        "owner",
        "other",
        "waiting",
        "winner",
        "taken",
        "old",
    }
)


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


# The last word a number is said with (the one its suffixes agree with): 21 huszonegy -> egy.
_HU_UNITS = ("nulla", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_HU_TENS = ("", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan", "kilencven")
# Of each such word: its vowel class (back, front, or front rounded), what -val/-vel starts with
# after the hyphen (the word's last consonant, which the word doubles: "hárommal" is "3-mal";
# v after a vowel), its accusative and its -s adjective.
_HU_WORDS = {
    "nulla": ("back", "v", "t", "s"),
    "egy": ("front", "gy", "et", "es"),
    "kettő": ("front", "v", "t", "es"),
    "három": ("back", "m", "at", "as"),
    "négy": ("front", "gy", "et", "es"),
    "öt": ("round", "t", "öt", "ös"),
    "hat": ("back", "t", "ot", "os"),
    "hét": ("front", "t", "et", "es"),
    "nyolc": ("back", "c", "at", "as"),
    "kilenc": ("front", "c", "et", "es"),
    "tíz": ("front", "z", "et", "es"),
    "húsz": ("back", "sz", "at", "as"),
    "harminc": ("back", "c", "at", "as"),
    "negyven": ("front", "n", "et", "es"),
    "ötven": ("front", "n", "et", "es"),
    "hatvan": ("back", "n", "at", "as"),
    "hetven": ("front", "n", "et", "es"),
    "nyolcvan": ("back", "n", "at", "as"),
    "kilencven": ("front", "n", "et", "es"),
    "száz": ("back", "z", "at", "as"),
    "ezer": ("front", "r", "et", "es"),
    "millió": ("back", "v", "t", "s"),
    "milliárd": ("back", "d", "ot", "os"),
}
# Suffixes that follow the vowel: each form names its family's (back, front, front rounded).
_HU_HARMONY: dict[str, tuple[str, str, str]] = {}
for _forms in (
    ("szor", "szer", "ször"),
    ("hoz", "hez", "höz"),
    ("ban", "ben", "ben"),
    ("ba", "be", "be"),
    ("ból", "ből", "ből"),
    ("ra", "re", "re"),
    ("ról", "ről", "ről"),
    ("nak", "nek", "nek"),
    ("nál", "nél", "nél"),
    ("tól", "től", "től"),
    ("ért", "ért", "ért"),
    ("ig", "ig", "ig"),
    ("kor", "kor", "kor"),
    ("ként", "ként", "ként"),
):
    for _form in _forms:
        _HU_HARMONY[_form] = _forms
_HU_WITH = r"(?:v|m|t|gy|c|z|sz|n|r|d)(?:al|el)"  # -val/-vel, however it was joined
_HU_SUFFIX = r"-([a-záéíóöőúüű]+)"


def hungarian_number_word(number: int) -> str:
    """The word a number ends with when said in Hungarian: 21 "huszonegy" -> "egy", 100 "száz"."""
    number = abs(number)
    if number % 10 or number == 0:
        return _HU_UNITS[number % 10]
    if number % 100:
        return _HU_TENS[number % 100 // 10]
    for size, word in ((1000, "száz"), (10**6, "ezer"), (10**9, "millió")):
        if number % size:
            return word
    return "milliárd"


def hungarian_number_suffix(number: int, suffix: str) -> str | None:
    """suffix (any one of its forms: "szor", "vel", "at", "os"…) as it is glued to number:
    (5, "szor") -> "ször", (3, "val") -> "mal", (10, "val") -> "zel", (6, "t") -> "ot"; None
    for a suffix this does not know."""
    harmony, joint, accusative, adjective = _HU_WORDS[hungarian_number_word(number)]
    if suffix in _HU_HARMONY:
        back, front, rounded = _HU_HARMONY[suffix]
        return {"back": back, "front": front, "round": rounded}[harmony]
    vowel = "a" if harmony == "back" else "e"
    if suffix in ("val", "vel") or re.fullmatch(_HU_WITH, suffix):
        return joint + vowel + "l"  # "3-mal" (hárommal), "1-gyel" (eggyel), "2-vel" (kettővel)
    if suffix in ("t", "at", "et", "ot", "öt"):
        return accusative
    if suffix in ("s", "as", "es", "os", "ös"):
        return adjective
    return None


def _hungarian_suffixed(word: str, literal: str) -> str:
    """literal (the text after a blank that held word) with a suffix glued to a number as the
    number is said: "{n}-szor" is "2-szer", "5-ször", "3-szor"."""
    suffix = re.match(_HU_SUFFIX, literal)
    if suffix is None or not word.isdigit() or not word.isascii():
        return literal
    form = hungarian_number_suffix(int(word), suffix.group(1))
    return literal if form is None else "-" + form + literal[suffix.end() :]


def _join(language: str, before: str, word: str, blank: str = "") -> str:
    """before (the text so far), changed as language writes it in front of word (the blank's)."""
    if not word or not before.endswith(" "):
        return before
    if language == "fr":
        match = re.search(_FR_ELIDING, before)
        if match and french_elides_before(word):
            return before[: match.end(1) - 1] + "’"
    elif language == "es":
        match = re.search(_ES_Y, before)
        if match and spanish_i_sound(word):
            return before[: match.start(1)] + ("e" if match.group(1) == "y" else "E") + " "
        match = re.search(_ES_O, before)
        if match and spanish_o_sound(word):
            return before[: match.start(1)] + ("u" if match.group(1) == "o" else "U") + " "
    elif language == "hu":
        match = re.search(_HU_ARTICLE, before)
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
    out, word = "", ""
    for literal, name, _spec, _conversion in _FORMATTER.parse(template):
        if language == "hu" and word and literal.startswith("-"):
            literal = _hungarian_suffixed(word, literal)  # "{n}-szor": the number's own vowel
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
