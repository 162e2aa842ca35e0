"""Players' names as they enter the game: typed, remembered in the settings, or set up for a duel.

One rule for every door a name comes in by (the set-up's typing, the settings file, the
duel set-up): control and format characters go, and so do characters the game's fonts cannot
draw (scenes.ui.glyphs: they would show as empty boxes, so they are not "visible"); runs of
spaces become one, a name must show at least one visible character, and it is at most NAME_MAX
characters long. A name made only of characters nobody could see or draw (a CJK name, an
emoji the font lacks, zero-width joiners) falls back to the seat's default, and the screen
says so. Two seats never carry the same name: unique_name() gives the later one a number.

NAME_MAX is 16: the narrowest places a name is drawn (the set-up's name cell, a seat panel
at a full table of eight) hold about sixteen letters of the bold face at the smallest size
they allow before they must cut with "…"; and sixteen is room for a first name and a
surname's initial, or most nicknames. Longer names would only be shown cut.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from bluffhouse.scenes.ui.glyphs import drawable_characters
from bluffhouse.scenes.ui.lang import has_text, t

NAME_MAX = 16
# Removed wherever they are: controls, format characters (bidi overrides, zero-width joiners,
# soft hyphens, tags), surrogates (a lone one cannot even be encoded), private use, unassigned.
STRIPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
# Letters and symbols that are drawn as nothing at all: Hangul fillers, the blank braille
# pattern, the object replacement character (DejaVu draws no ink for the last two).
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800\ufffc")
MAX_MARKS = 2  # combining marks kept on one letter: é, ệ, but no "Zalgo" towers
_MARKS = frozenset({"Mn", "Mc", "Me"})
_VISIBLE = frozenset("LNPS")  # letters, numbers, punctuation, symbols


def clean_chars(text: str, limit: int | None = None) -> str:
    """text without the characters no name may hold; whitespace becomes single spaces.

    Stops once `limit` characters are kept, so a hostile 10 MB string costs no more than
    its first few hundred characters (plus what is stripped on the way).
    """
    out: list[str] = []
    marks = 0
    drawn = drawable_characters()  # None: the fonts cannot be read, so nothing is refused for them
    for ch in text:
        if ch.isspace():
            marks = MAX_MARKS  # a mark never sits on a space
            if out and out[-1] != " ":
                out.append(" ")
                if limit is not None and len(out) >= limit:
                    break  # (a space counts too: "…is not a c" was one past the limit)
            continue
        category = unicodedata.category(ch)
        if category in STRIPPED_CATEGORIES or (drawn is not None and ord(ch) not in drawn):
            continue
        if category in _MARKS:
            if not out or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
        out.append(ch)
        if limit is not None and len(out) >= limit:
            break
    return "".join(out)


def has_hidden(text: str, limit: int = 4 * NAME_MAX) -> bool:
    """Whether text (its first `limit` characters) holds letters or symbols the game's fonts
    cannot draw: clean_name leaves them out, and the screen says so."""
    drawn = drawable_characters()
    return drawn is not None and any(
        unicodedata.category(ch)[0] in _VISIBLE and ord(ch) not in drawn for ch in text[:limit]
    )


def has_visible(text: str) -> bool:
    """Whether text shows at least one letter, digit, punctuation mark or symbol."""
    return any(unicodedata.category(ch)[0] in _VISIBLE and ch not in BLANK_GLYPHS for ch in text)


def clean_name(raw: object, limit: int = NAME_MAX) -> str | None:
    """The name as it will be shown, or None when raw is not a name with something to show."""
    if not isinstance(raw, str):
        return None
    # Composing first makes "e" + U+0301 one character; the slack covers what composes away.
    text = unicodedata.normalize("NFC", clean_chars(raw, limit * (MAX_MARKS + 1))).strip()
    text = clean_chars(text, limit).strip()
    return text if has_visible(text) else None


def typed(text: str, limit: int = NAME_MAX) -> str:
    """A name while it is being typed: cleaned as it grows, but it may still be empty or blank."""
    return unicodedata.normalize("NFC", clean_chars(text, limit * (MAX_MARKS + 1)))[:limit]


def person_key(name: str) -> str:
    """Who a name is, by the records' rule (game.records.record.person_key, held equal to this by
    tests/test_hostile_names.py): case and surrounding spaces do not make another person. Not
    imported from there, so that start-up does not load the records before a game needs them."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def unique_name(name: str, taken: Iterable[str], limit: int = NAME_MAX) -> str:
    """name, or name with the first free number after it ("Ana 2") when a name in taken is the
    same person's (the records' rule: case and surrounding spaces do not make another person)."""
    keys = {person_key(other) for other in taken}
    if person_key(name) not in keys:
        return name
    for number in range(2, 100):
        suffix = f" {number}"
        candidate = name[: max(1, limit - len(suffix))].rstrip() + suffix
        if person_key(candidate) not in keys:
            return candidate
    return name


def distinct_names(names: Iterable[str]) -> list[str]:
    """names with each repeated one numbered after its first ("Ana", "Ana 2"): no two seats of a
    game ever carry the same name, whatever a settings file says."""
    out: list[str] = []
    for name in names:
        out.append(unique_name(name, out))
    return out


def badge_letters(name: str) -> str:
    """What a seat's badge shows for name, the same on every screen: a default name ("Player 3",
    "3. játékos", "Joueur 3") shows its number, whatever the language writes around it; a
    name of two words or more the first letters of the first two ("Kis Pista": "KP", "Ana 2":
    "A2"); one word its first two letters ("Ana": "An")."""
    from bluffhouse.scenes.ui.lang import t  # (here, not at the top: the language tables need no names)

    words = [word for word in name.replace("-", " ").split() if word]
    if not words:
        return "?"
    numbers = [word.rstrip(".") for word in words if word.rstrip(".").isdecimal()]  # ("²" is no int)
    if len(numbers) == 1 and len(words) == 2:
        number = int(numbers[0])
        defaults = {t("setup.player_n", n=number), t("duel.setup.name", n=number)}
        if " ".join(words) in defaults:
            return str(number)
    if len(words) >= 2:
        return (words[0][:1] + words[1][:1]).upper()
    return words[0][:2].title()


def computer_tags(level: str) -> tuple[str, ...]:
    """A computer player's mark where there is little room, longest first: "medium CPU", "CPU"."""
    key = f"setup.level.{level}"
    short = t("table.cpu")
    return (t("results.cpu_level", level=t(key)), short) if has_text(key) else (short,)


def seat_label(name: str, level: str | None) -> str:
    """A seat's name as a list of players shows it: a computer player's marked with its level,
    "Ben (expert CPU)" (level None: a person, the name alone)."""
    if level is None:
        return name
    key = f"setup.level.{level}"
    if not has_text(key):  # a level of the tests' or the tools' (the baselines)
        return t("story.computer_any", name=name)
    return t("story.computer", name=name, level=t(key))
