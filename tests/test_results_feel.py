"""Issue 13's playtest list on the results screen: a round is not the match, and the truth
recap reads from a couch."""

import pygame
from test_results import app, make_setup, play, show

from game.cards import parse_cards
from game.match import CardMatch
from game.rules import Rules
from scenes.results.recap import CHIP_TEXT, ROW_H, RecapList, RecapRow, card_label, chip_rects

__all__ = ["app"]


def test_a_kamu_round_is_won_as_a_round_not_the_match(app):
    rules = Rules.kamu(players=4)
    record = play(make_setup(rules, seed=11), CardMatch(rules, 11), 11)
    scene = show(app, record)
    name = scene.names[record.table.winner]
    assert scene.title() in (f"{name} wins round 1!", "You win round 1!")
    assert "match" not in scene.title()


def test_the_truth_recap_reads_from_a_couch_and_the_tag_leaves_the_cards_alone(monkeypatch):
    import scenes.results.recap as recap

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
