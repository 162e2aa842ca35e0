"""Four languages, real grammar, nothing hard-coded, everything fits (issue 12).

- Every language has every English key, with the same placeholders in every form.
- Plural forms follow each language's rule, on real phrases of the tables.
- The pseudo language (English marked and 40% longer) is switched on and every screen is
  painted in every phase (tests/screen_tour.py): every painted line comes from the table
  (nothing hard-coded) and nothing is cut ("…" that no text has) or wider than the screen.
  The same runs for Spanish, French and Hungarian.
"""

import json
import re

import pytest
import screen_tour
from screen_tour import LANGUAGES, assert_translated_and_fits, language_of, toured

from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.lang import LANG_DIR, PSEUDO, plural_form

__all__ = ["language_of"]  # the shared fixture (tests/screen_tour.py)
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def tables(language):
    return {
        path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((LANG_DIR / language).glob("*.json"))
    }


def forms(value):
    return list(value.values()) if isinstance(value, dict) else [value]


def fields(value):
    return {name for form in forms(value) for name in PLACEHOLDER.findall(form)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_in_every_language_with_the_same_placeholders(language):
    english, other = tables("en"), tables(language)
    assert sorted(other) == sorted(english)  # the same files
    for name, table in english.items():
        theirs = other[name]
        assert sorted(theirs) == sorted(table), f"{language}/{name}: keys differ"
        for key, value in table.items():
            for form in forms(theirs[key]):
                assert set(PLACEHOLDER.findall(form)) <= fields(value) | {"n"}, (language, key, form)
            if isinstance(theirs[key], dict):
                assert "other" in theirs[key], (language, key)


def test_plural_rules_per_language():
    assert [plural_form("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_form("fr", n) for n in (0, 1, 2)] == ["one", "one", "other"]  # « 0 carte »
    assert [plural_form("es", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_form("hu", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert plural_form("fr", 1.5) == "other"


def test_plural_and_gender_on_real_phrases(language_of):
    language_of("en")
    assert [lang.t("table.cards", n=n, count=n) for n in (1, 2)] == ["one card", "2 cards"]
    if "fr" in LANGUAGES:
        language_of("fr")
        cards = [lang.t("table.cards", n=n, count=n) for n in (0, 1, 2)]
        assert cards[0].endswith("carte") and cards[1].endswith("carte") and cards[2].endswith("cartes")
        assert lang.t("table.call.french.A", n=1, count="un").startswith("un ")
        assert lang.t("table.call.french.Q", n=1, count="une").startswith("une ")
    if "es" in LANGUAGES:
        language_of("es")
        assert lang.t("table.call.french.A", n=1, count="un") == "un as"
        assert lang.t("table.call.french.A", n=2, count=lang.t("table.num.2")) == "dos ases"
    if "hu" in LANGUAGES:
        language_of("hu")
        assert lang.t("table.call.hungarian.A", n=2, count=lang.t("table.num.2")) == "két ász"
        assert lang.t("table.call.hungarian.K", n=3, count=lang.t("table.num.3")) == "három király"


def test_fractions_carry_each_languages_decimal_mark(language_of):
    from bluffhouse.scenes.shell.messages import Message

    wait = Message("table.msg.window_open", (("wait", 1.6),))
    language_of("en")
    assert lang.decimal(1.55) in ("1.6", "1.5") and "1.6" in wait.text()
    for code in ("es", "fr", "hu"):
        if code in LANGUAGES:
            language_of(code)
            assert lang.decimal(2.25, 2) == "2,25" and "1,6" in wait.text() and "1.6" not in wait.text()


def test_the_pseudo_language_marks_and_lengthens_every_text(language_of):
    language_of(PSEUDO)
    quit_ = lang.t("menu.quit")
    assert quit_.startswith(lang.PSEUDO_OPEN) and quit_.endswith(lang.PSEUDO_CLOSE)
    assert len(quit_) >= len("Quit") * 1.4
    assert "{" not in lang.t("table.log.picks_up", name="Ana", n=3) and "Ana" in lang.t(
        "table.log.picks_up", name="Ana", n=3
    )


def test_the_first_start_speaks_the_systems_language_when_we_have_it():
    assert lang.preferred_language([{"language": "xx"}, {"language": "en"}]) == "en"
    for code in LANGUAGES:
        assert lang.preferred_language([{"language": code, "country": None}]) == code
    assert lang.preferred_language([]) == "en"


@pytest.mark.heavy
@pytest.mark.draws
@pytest.mark.parametrize("language", [PSEUDO, "en", *LANGUAGES])
def test_every_screen_in_every_phase_is_translated_and_fits(language, tmp_path, monkeypatch, language_of):
    recorder = toured(language, tmp_path, monkeypatch, language_of)
    assert_translated_and_fits(recorder, 300)


@pytest.mark.draws
@pytest.mark.parametrize("language", ["hu", pytest.param("fr", marks=pytest.mark.heavy)])
def test_the_duel_bar_in_every_state_fits_in_a_long_language(language, tmp_path, monkeypatch, language_of):
    """The fast sibling of the tours: the two-person duel's every bar state in Hungarian; in French
    in the heavy tier, beside the tours of every screen in every language."""
    recorder = toured(language, tmp_path, monkeypatch, language_of, [screen_tour.couch_duel])
    assert_translated_and_fits(recorder, 100)
