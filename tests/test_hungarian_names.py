"""Hungarian sentences read right for both kinds of name (issue 23): the default names are common
nouns with an ordinal ("1. játékos", read "első játékos") and take the article, a/az by the
ordinal's sound ("az 1. játékos", "a 2. játékos", "az 5. játékos"); a name people type ("Anna")
takes none in writing. Every Hungarian template with a person's name in it is filled with both."""

from __future__ import annotations

import json
import re
import string

import pytest

from bluffhouse.scenes.ui.grammar import PERSON_BLANKS, fill, hungarian_name_takes_article
from bluffhouse.scenes.ui.lang import LANG_DIR, Translator

TYPED = ("Anna", "Ben", "Emma", "Zsófi", "Ödön")


def hungarian_templates():
    for path in sorted((LANG_DIR / "hu").glob("*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            for form in value.values() if isinstance(value, dict) else (value,):
                blanks = [name for _, name, _, _ in string.Formatter().parse(form) if name]
                if PERSON_BLANKS & set(blanks) and not key.startswith("key."):  # (a key's name)
                    yield key, form, blanks


def filled(form: str, blanks: list[str], person: str) -> str:
    return fill("hu", form, {b: person if b in PERSON_BLANKS else "x" for b in blanks})


def test_the_article_goes_with_ordinal_names_only():
    assert [hungarian_name_takes_article(n) for n in ("1. játékos", "12. játékos", "7up")] == [True] * 3
    assert [hungarian_name_takes_article(n) for n in ("Anna", "Ödön", "", "„Béla”")] == [False] * 4
    assert fill("hu", "A {name} jön", {"name": "1. játékos"}) == "Az 1. játékos jön"
    assert fill("hu", "A {name} jön", {"name": "2. játékos"}) == "A 2. játékos jön"
    assert fill("hu", "A {name} jön", {"name": "5. játékos"}) == "Az 5. játékos jön"
    assert fill("hu", "A {name} jön", {"name": "10. játékos"}) == "A 10. játékos jön"
    assert fill("hu", "A {name} jön", {"name": "Anna"}) == "Anna jön"
    assert fill("hu", "Csak a {name} kulcsa", {"name": "Ben"}) == "Csak Ben kulcsa"
    assert fill("hu", "Csak a {name} kulcsa", {"name": "1. játékos"}) == "Csak az 1. játékos kulcsa"
    assert fill("hu", "a {rank} jön", {"rank": "Ász"}) == "az Ász jön"  # not a person: kept


@pytest.mark.parametrize("name", TYPED)
def test_a_typed_name_never_gets_an_article(name):
    walked = 0
    for key, form, blanks in hungarian_templates():
        out = filled(form, blanks, name)
        walked += 1
        assert not re.search(rf"(^|\s)[aA]z? {name}\b", out), f"{key}: {out!r}"
        assert "  " not in out and not out.startswith(" "), f"{key}: {out!r}"
    assert walked > 100


# A default name may stand bare only as a label: at the start before ":" or "," (the one spoken
# to: "1. játékos, tetszenek a kockáid?"), after ": " ("Következik: 1. játékos"), after ", " at
# the end (spoken to), in brackets before ":", a line's heading before "·", or as what a seat is
# called ("1. játékos néven").
BARE_OK = re.compile(
    r"(^|: |\(|· )(?P<n>\d+\. játékos)(?=[:,])|: (?P<m>\d+\. játékos)"
    r"|, (?P<k>\d+\. játékos)[!?.]?$|^(?P<j>\d+\. játékos) ·|(?P<i>\d+\. játékos) néven"
)


@pytest.mark.parametrize("number", [1, 2, 5])
def test_a_default_name_takes_the_article_by_its_sound_wherever_a_sentence_needs_one(number):
    name = f"{number}. játékos"
    article = "az" if number in (1, 5) else "a"
    for key, form, blanks in hungarian_templates():
        out = filled(form, blanks, name)
        ok = {m.start(g) for m in BARE_OK.finditer(out) for g in "nmkji" if m.group(g)}
        for found in re.finditer(re.escape(name), out):
            before = out[: found.start()]
            if found.start() in ok:
                continue
            assert re.search(rf"(^|\s){article} $", before, re.IGNORECASE), f"{key}: {out!r}"


def test_the_translator_reads_both_kinds_of_name():
    hu = Translator("hu")
    assert hu("table.to_play", name="1. játékos") == "Az 1. játékos jön"
    assert hu("table.to_play", name="Anna") == "Anna jön"
    assert (
        hu("table.msg.curtain_own_key", name="2. játékos", peek="W")
        == "Csak a 2. játékos kukucsbillentyűje (W) húzza fel a függönyt"
    )
    accepted = hu("table.log.accepted", name="Anna", caller="5. játékos")
    assert accepted == "Anna elfogadja az 5. játékos bemondását."
