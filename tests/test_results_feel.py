"""Issue 13's playtest list on the results screen: a round is not the match, and the truth
recap reads from a couch."""

import pygame
import pytest
from kit import app_fixture, played_record, results_setup, show_results

from bluffhouse.game.cards import parse_cards
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.results.recap import CHIP_TEXT, ROW_H, RecapList, RecapRow, card_label, chip_rects

app = app_fixture(seed=5, mute=False, menu=False)  # as tests/test_results.py's


def test_a_kamu_round_is_won_as_a_round_not_the_match(app):
    rules = Rules.kamu(players=4)
    record = played_record(results_setup(rules, seed=11), CardMatch(rules, 11), 11)
    scene = show_results(app, record)
    name = scene.names[record.table.winner]
    assert scene.title() in (f"{name} wins round 1!", "You win round 1!")
    assert "match" not in scene.title()


def test_the_truth_recap_reads_from_a_couch_and_the_tag_leaves_the_cards_alone(monkeypatch):
    import bluffhouse.scenes.results.recap as recap

    rules = Rules.bullets()
    cards = tuple(parse_cards("KS KH 7D QC"))
    row = RecapRow(1, 0, "four kings", cards, "caught", 1, "K", tuple(card_label(rules, c) for c in cards))
    assert row.labels == ("K", "K", "7", "Q")
    assert CHIP_TEXT >= 18 and ROW_H >= 60  # 27 px and more on a 1080p television
    pills = []
    real = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kwargs):
        pills.append((tuple(colour[:3]), pygame.Rect(rect)))
        return real(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(recap.pygame.draw, "rect", spy)
    names = ["Ana", "Bartholomew the Magnificent"]
    listing = RecapList(pygame.Rect(668, 182, 572, 430), [row], names)
    listing.draw(pygame.Surface((1280, 720)))
    chips = chip_rects(row, listing.rect.x + 72, listing.rect.y + 48)
    tag = next(rect for colour, rect in pills if colour == tuple(recap.Palette.RED[:3]) and rect.h == 28)
    assert all(not chip.colliderect(tag) for chip in chips)
    assert chips[-1].right < listing.rect.right - 14


LONG = ["Ana", "Bartholomew Gray", "Wilhelmina Joyce", "Dani"]  # sixteen letters: the most a name has
# (seat, cards, rank called, verdict, challenger): the widest rows, four Hungarian cards
WIDE = [
    (1, "KP KT *S *F", "K", "caught", 3),
    (1, "OP OT OZ OM", "O", "wrong_doubt", 2),
    (2, "10P 10T 9Z 10M", "10", "caught", 1),
    (0, "UP UT UZ", "U", "got_away", None),
    (3, "*F", "A", "fako_bait", 1),
    (2, "7P 7T 7Z 7M", "7", "true", None),
]


def wide_row(rules, number, seat, text, rank, verdict, challenger):
    from bluffhouse.scenes.table.words import call_words

    cards = tuple(parse_cards(text))
    words, labels = call_words(rules, len(cards), rank), tuple(card_label(rules, c) for c in cards)
    return RecapRow(number, seat, words, cards, verdict, challenger, rank, labels)


@pytest.fixture
def speaking():
    from bluffhouse.scenes.ui import lang

    yield lang.set_language
    lang.set_language("en")


@pytest.mark.parametrize("language", ["en", "es", "fr", "hu"])
def test_long_names_on_four_card_rows_keep_the_verdict_whole_and_the_words_readable(
    monkeypatch, speaking, language
):
    """The longest names on the widest rows: the verdict is never cut and stays at a readable size
    (a long challenger's name in it gives way to the first name, then the initial); the call's
    words keep their size; nothing covers a card or leaves the row."""
    import bluffhouse.scenes.results.recap as recap
    from bluffhouse.scenes.ui.names import NAME_MAX

    speaking(language)
    rules = Rules.kamu(players=4)
    assert max(len(name) for name in LONG) == NAME_MAX
    drawn, pills = [], []
    real_text, real_rect = recap.draw_text, pygame.draw.rect

    def text_spy(surface, text, pos, size, *args, **kwargs):
        rect = real_text(surface, text, pos, size, *args, **kwargs)
        drawn.append((text, size, rect))
        return rect

    def rect_spy(surface, colour, rect, *args, **kwargs):
        pills.append(pygame.Rect(rect))
        return real_rect(surface, colour, rect, *args, **kwargs)

    monkeypatch.setattr(recap, "draw_text", text_spy)
    monkeypatch.setattr(recap.pygame.draw, "rect", rect_spy)
    area = pygame.Rect(668, 182, 572, 430)
    box = pygame.Rect(area.x, area.y, area.w - 14, ROW_H)  # the first row's place
    for number, spec in enumerate(WIDE, start=1):
        row = wide_row(rules, number, *spec)
        listing = RecapList(area, [row], LONG)
        drawn.clear()
        pills.clear()
        listing.draw(pygame.Surface((1280, 720)))
        said = listing.verdict_texts(row)
        if row.challenger is not None:  # the whole name first, the initial last
            assert LONG[row.challenger] in said[0] and f"{LONG[row.challenger][0]}." in said[-1]
        text, size, where = next(each for each in drawn if each[0] in said)
        assert "…" not in text and size >= recap.VERDICT_MIN, (language, number, text, size)
        assert next(size for text, size, _ in drawn if text == row.words) >= recap.WORDS_MIN
        tag = next((pill for pill in pills if pill.h == 28), where)
        assert not any(chip.colliderect(tag) for chip in chip_rects(row, box.x + 72, box.y + 48))
        assert all(rect.right <= box.right for _, _, rect in drawn) and tag.right <= box.right


@pytest.mark.draws
def test_the_falling_suits_never_cross_a_word(app, monkeypatch):
    """Issue 18: the winner's suits fell over names, figures and the truth ("9 liars caught in the
    ♠ast"). Painted with and without them, every word on the screen has the same pixels, while
    the suits do show somewhere (they fall behind the panels and around the words)."""
    from bluffhouse.scenes.ui import text

    rules = Rules.bullets(players=4)
    scene = show_results(app, played_record(results_setup(rules, seed=4), CardMatch(rules, 4), 4))
    suits = list(scene.confetti.pieces)
    words: list[pygame.Rect] = []

    def watch(drawn):
        if drawn.role in ("line", "aside", "cap") and drawn.surface.get_size() == (1280, 720):
            words.append(drawn.ink)

    monkeypatch.setattr(text, "WATCHERS", [watch])
    shown_anywhere = 0
    for age in (0.4, 0.9, 1.6, 2.3, 3.1, 3.9):
        scene.age = age
        pictures = []
        for falling in (suits, []):
            scene.confetti.pieces = falling
            words.clear()
            picture = pygame.Surface((1280, 720))
            scene.draw(picture)
            pictures.append(picture)
        with_suits, without = pictures
        assert len(words) > 40
        for ink in words:
            ink = ink.clip(with_suits.get_rect())
            same = pygame.image.tobytes(with_suits.subsurface(ink), "RGB") == pygame.image.tobytes(
                without.subsurface(ink), "RGB"
            )
            assert same, (age, ink)
        shown_anywhere += pygame.image.tobytes(with_suits, "RGB") != pygame.image.tobytes(without, "RGB")
    assert shown_anywhere >= 4
