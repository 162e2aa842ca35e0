"""The glossary's words hold in every table (issue 23): assets/lang/GLOSSARY.md and context.json.

Every term of the glossary has its word in the four languages; the words it says a language
must never use for a term appear in none of that language's texts (the Spanish game is Balas,
Hungarian keys are billentyű and chips zseton, no gendered mood or shout); every note of
context.json is about a text the tables have.
"""

from __future__ import annotations

import json
import re

import pytest

from bluffhouse.scenes.ui.lang import LANG_DIR

LANGUAGES = ("en", "es", "fr", "hu")
GLOSSARY = LANG_DIR / "GLOSSARY.md"


def texts(language: str) -> dict[str, str]:
    """key -> every form of the text, joined, with no-break spaces as spaces."""
    out = {}
    for path in sorted((LANG_DIR / language).glob("*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            forms = value.values() if isinstance(value, dict) else [value]
            out[key] = " | ".join(forms).replace("\u00a0", " ").replace("\u202f", " ")
    return out


def terms() -> list[list[str]]:
    rows = []
    in_terms = False
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            in_terms = line.strip() == "## Terms"
        elif in_terms and line.startswith("| ") and not line.startswith(("| Term", "|---")):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def test_every_term_has_its_meaning_and_a_word_in_every_language():
    rows = terms()
    assert len(rows) >= 30
    for row in rows:
        assert len(row) == 7, row
        term, meaning, *words, _never = row
        assert term and meaning and all(words), row


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_table_uses_a_word_the_glossary_rules_out(language):
    tables = texts(language)
    banned = []
    for term, *_, never in terms():
        for rule in filter(None, (part.strip() for part in never.split(";"))):
            code, _, word = rule.partition(":")
            assert code.strip() in LANGUAGES and word.strip(), (term, rule)
            if code.strip() == language:
                banned.append((term, word.strip()))
    pattern = {
        word: re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.IGNORECASE) for _, word in banned
    }
    found = sorted(
        {
            (term, word, key)
            for term, word in banned
            for key, text in tables.items()
            if pattern[word].search(text)
        }
    )
    assert found == [], f"{language}: words the glossary rules out: {found[:10]}"


def test_the_glossary_rules_out_what_was_there_before():
    banned = {(row[0], row[-1]) for row in terms()}
    assert ("Bullets (the game)", "es: Bullets") in banned
    assert ("challenge key", "hu: vádgomb") in banned and ("chip", "hu: gombokra") in banned


def test_every_context_note_is_about_a_text_the_tables_have():
    notes = json.loads((LANG_DIR / "context.json").read_text(encoding="utf-8"))
    english = texts("en")
    keys = [key for key in notes if not key.startswith("_")]
    assert len(keys) > 150
    assert [key for key in keys if key not in english] == []
    assert all(isinstance(notes[key], str) and len(notes[key]) > 20 for key in keys)
    tight = ("duel.bar.propose", "duel.build.kind.6", "table.button.play", "key.space", "setup.opt.jokers")
    assert [key for key in tight if key not in notes] == []


def test_french_puts_a_no_break_space_before_its_high_punctuation():
    """« : ; ! ? » take a space in French that never breaks a line from its word: never a plain one."""
    loose = []
    for path in sorted((LANG_DIR / "fr").glob("*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            for text in value.values() if isinstance(value, dict) else [value]:
                if re.search(r" [:;!?»]", text):
                    loose.append((key, text))
    assert loose == []
