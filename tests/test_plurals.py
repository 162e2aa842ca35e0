"""Counts in words, every language (issue 35): every plural text filled for 0, 1, 2, 5, 11 and 21
shows that count, and a Hungarian suffix glued to a number takes that number's own sound.

A plural text chooses its form by `n` (scenes.ui.lang.plural_form): French counts 0 in the "one"
form, so a French "one" form that writes "un"/"une" or "1" instead of {n} says "one" at 0 unless
the table gives a "zero" form; "2-szor" and "5-ször" differ in Hungarian. Both were found in
the tables (« Une relance utilisée » with none used; "5-szor").
"""

from __future__ import annotations

import json
import re
import string

import pytest

from bluffhouse.scenes.ui.grammar import fill, hungarian_number_suffix, hungarian_number_word
from bluffhouse.scenes.ui.lang import LANG_DIR, Translator, plural_form

LANGUAGES = ("en", "es", "fr", "hu")
COUNTS = (0, 1, 2, 5, 11, 21)
COUNTING = ("n", "count")  # the blanks that hold the count (`count` may be a number word)
# How each language may say "one" in a form used for 1 only (it never says it at 0).
ONE = {"en": ("one", "once"), "es": ("un", "una", "uno"), "fr": ("un", "une"), "hu": ("egy", "egyszer")}


def entries(language: str) -> dict[str, object]:
    table: dict[str, object] = {}
    for path in sorted((LANG_DIR / language).glob("*.json")):
        table.update(json.loads(path.read_text(encoding="utf-8")))
    return table


def blanks(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def forms(entry: object) -> list[str]:
    return list(entry.values()) if isinstance(entry, dict) else [str(entry)]


def plural_texts() -> list[tuple[str, str]]:
    """(language, key) of every text that changes with a count in some language and writes the
    count (not the rank names, whose forms are only the noun)."""
    tables = {language: entries(language) for language in LANGUAGES}
    plural = {key for table in tables.values() for key, value in table.items() if isinstance(value, dict)}
    return [
        (language, key)
        for key in sorted(plural)
        for language in LANGUAGES
        if key in tables[language]
        and any(blanks(form) & set(COUNTING) for form in forms(tables[language][key]))
    ]


def said(text: str, words: tuple[str, ...]) -> bool:
    """Whether text says one of words: a number as a whole number ("21", "1er"), a word whole."""
    return any(
        re.search(
            rf"(?<!\d){word}(?!\d)" if word.isdigit() else rf"(?<![\w]){re.escape(word)}(?![\w])",
            text,
            re.IGNORECASE,
        )
        for word in words
    )


def test_every_plural_text_shows_its_count_in_every_language():
    walked = plural_texts()
    assert len({key for _, key in walked}) >= 40  # (the calls of both decks, the story, the duel…)
    wrong = []
    for language, key in walked:
        translator = Translator(language)
        entry = translator.table[key]
        for n in COUNTS:
            number = translator(f"table.num.{n}") if f"table.num.{n}" in translator.table else str(n)
            fields = {blank: "X" for form in forms(entry) for blank in blanks(form)}
            fields.update(n=n, count=number)
            text = translator(key, **fields)
            zero = isinstance(entry, dict) and "zero" in entry
            one = n == 1 and isinstance(entry, dict) and (plural_form(language, 0) != "one" or zero)
            zero = zero and n == 0
            shown = said(text, (str(n), number)) or zero or (one and said(text, ONE[language]))
            if not shown:
                wrong.append(f"{language} {key} n={n}: {text!r}")
    assert not wrong, "\n".join(wrong)


def test_a_french_one_form_covers_zero_and_says_it():
    fr = Translator("fr")
    assert fr("story.duel.rerolls", n=0, name="Ben") != fr("story.duel.rerolls", n=1, name="Ben")
    assert "0" in fr("results.award.bluffer_why", n=0) and "1" in fr("results.award.bluffer_why", n=1)
    assert "une" not in fr("story.move.reroll", name="Ana", n=0)


SAID = {  # Hungarian, as a native speaker writes a number with each suffix
    "szor": {
        0: "szor",
        1: "szer",
        2: "szer",
        3: "szor",
        5: "ször",
        6: "szor",
        10: "szer",
        11: "szer",
        20: "szor",
        21: "szer",
        100: "szor",
        1000: "szer",
    },
    "val": {
        0: "val",
        1: "gyel",
        2: "vel",
        3: "mal",
        4: "gyel",
        5: "tel",
        6: "tal",
        7: "tel",
        8: "cal",
        9: "cel",
        10: "zel",
        20: "szal",
        30: "cal",
        40: "nel",
        60: "nal",
        100: "zal",
        1000: "rel",
        1000000: "val",
    },
    "t": {0: "t", 1: "et", 2: "t", 3: "at", 5: "öt", 6: "ot", 8: "at", 10: "et", 20: "at", 100: "at"},
    "ban": {1: "ben", 3: "ban", 5: "ben", 6: "ban", 10: "ben", 20: "ban", 21: "ben"},
    "hoz": {1: "hez", 3: "hoz", 5: "höz", 6: "hoz", 25: "höz"},
    "os": {1: "es", 2: "es", 3: "as", 5: "ös", 6: "os", 8: "as", 10: "es", 20: "as", 100: "as"},
    "ig": {1: "ig", 5: "ig", 6: "ig"},
}


@pytest.mark.parametrize("suffix", sorted(SAID))
def test_a_hungarian_suffix_takes_the_sound_of_the_number(suffix):
    for number, form in SAID[suffix].items():
        assert hungarian_number_suffix(number, suffix) == form, (number, hungarian_number_word(number))
        for other in {"szor": ("szer", "ször"), "val": ("vel", "mal"), "t": ("at", "ot")}.get(suffix, ()):
            assert hungarian_number_suffix(number, other) == form  # any form the template wrote


def test_the_hungarian_tables_glue_suffixes_only_the_helper_knows():
    """A blank followed by "-suffix": the suffix follows the number (2-szer, 5-ször, 3-szor)."""
    glued = 0
    for key, entry in entries("hu").items():
        for form in forms(entry):
            for _blank, suffix in re.findall(r"\{(\w+)\}-([a-záéíóöőúüű]+)", form):
                glued += 1
                assert hungarian_number_suffix(5, suffix) is not None, (key, suffix)
    assert glued >= 2
    assert fill("hu", "{n}-szor bukott le", {"n": 5}) == "5-ször bukott le"
    assert fill("hu", "{n}-szor bukott le", {"n": 2}) == "2-szer bukott le"
    assert fill("hu", "{n}-szor bukott le", {"n": "két"}) == "két-szor bukott le"  # words are left alone
    assert fill("hu", "{time}-kor", {"time": "22:13"}) == "22:13-kor"
    hu = Translator("hu")
    assert [hu("story.fame.most_caught.by", n=n) for n in (2, 3, 5)] == [
        "2-szer bukott le",
        "3-szor bukott le",
        "5-ször bukott le",
    ]
