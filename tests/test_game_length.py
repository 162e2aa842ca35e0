"""Game length you choose (issue 18): the hand size in the set-ups, the short Quick game, and the
set-up's "about N min" from what the length bench measured."""

import pygame
import pytest
from kit import SETUP, app_fixture, open_setup

from bluffhouse.game.rules import ALL_CARDS, HAND_SIZES, QUICK_HAND, SHORT_HAND, Rules
from bluffhouse.scenes.setup.cards import settings_key
from bluffhouse.scenes.setup.deal import effective_hand, hand_choices
from bluffhouse.scenes.setup.length import about_minutes, game_seconds
from bluffhouse.scenes.setup.length_data import CALLS, SECONDS
from bluffhouse.scenes.setup.model import PERSON, SetupDraft
from bluffhouse.scenes.setup.paint import frame_of
from bluffhouse.scenes.shell.session import GameSetup, quick_setup
from bluffhouse.scenes.shell.settings_schema import PACES
from bluffhouse.scenes.table.scene import TableScene

app = app_fixture(seed=3, mute=False, menu=False)
press = SETUP.press


def people(draft, n):
    """The first n seats become people (the rest stay computer players)."""
    for index in range(n):
        draft.set_kind(index, PERSON)


# -- the Quick game ------------------------------------------------------------------------


def test_the_quick_game_deals_the_quick_hand(app):
    setup = quick_setup(app)
    assert setup.rules.hand_size == QUICK_HAND == 3 and setup.rules.players == 4
    scene = TableScene(app, setup)
    assert [len(scene.moment.seat(s).view.hand) for s in range(4)] == [3] * 4
    assert scene.table.set_aside_size == 52 - 12


# -- what the set-up deals -----------------------------------------------------------------


def test_the_bullets_set_up_keeps_the_seeds_full_deal_for_one_or_two_people():
    draft = SetupDraft.default("bullets")
    assert draft.rules().hand_size == ALL_CARDS and draft.deck_facts()["low"] == 13
    people(draft, 2)
    assert draft.rules().hand_size == ALL_CARDS


def test_three_people_get_the_short_game_proposed_until_somebody_picks_a_hand():
    draft = SetupDraft.default("bullets")
    people(draft, 3)
    rules = draft.rules()
    assert rules.hand_size == SHORT_HAND
    assert draft.deck_facts() == {"cards": 52, "decks": 1, "low": 5, "high": 5, "aside": 52 - 20}
    draft.chosen_hand = ALL_CARDS  # "one press to keep the full deal"
    people(draft, 4)
    assert draft.rules().hand_size == ALL_CARDS  # a choice stays, whoever joins


@pytest.mark.parametrize("people_count", [0, 1, 3, 4])
def test_kamu_deals_the_quick_round_until_somebody_picks_the_seeds_deal(people_count):
    """A Kamu round of the seed's even deal takes 6-10 minutes at the table's pace: the set-up
    deals the quick round, whoever sits at the table, and says so in its deck line."""
    draft = SetupDraft.default("kamu")
    people(draft, people_count)
    rules = draft.rules()
    assert rules.hand_size == QUICK_HAND and rules.game.value == "kamu" and rules.rounds == 3
    assert draft.deck_facts() == {"cards": 32, "decks": 1, "low": 3, "high": 3, "aside": 32 - 12}
    assert not frame_length(draft).startswith("short game")  # no proposal: Kamu's default
    draft.chosen_hand = ALL_CARDS
    assert draft.rules().hand_size == ALL_CARDS and draft.deck_facts()["low"] == 8


def frame_length(draft):
    from bluffhouse.scenes.setup.paint import length_words

    return length_words(draft, 1.0)


def test_a_picked_hand_that_no_longer_fits_becomes_the_nearest_shorter_one():
    assert hand_choices(4, 52) == [0, 10, 7, 5, 3]
    assert hand_choices(8, 52) == [0, 5, 3]  # 7 x 8 = 56: no deck holds that
    assert hand_choices(4, 32) == [0, 7, 5, 3]  # Kamu: 8 each is the seed's deal already
    assert hand_choices(3, 32) == [0, 7, 5, 3]  # 10 each is the even deal of three
    assert effective_hand(8, 52, 1, 10) == 5 and effective_hand(6, 52, 1, 10) == 7
    assert effective_hand(4, 52, 1, 7) == 7 and effective_hand(8, 52, 5, None) == 5
    assert effective_hand(2, 52, 2, None) == ALL_CARDS
    assert effective_hand(2, 32, 2, None, "kamu") == 3 and effective_hand(8, 64, 0, None, "kamu") == 3
    assert effective_hand(4, 32, 1, 7, "kamu") == 7 and effective_hand(4, 32, 1, 10, "kamu") == 7


def test_the_deal_steps_with_the_keys_and_the_game_deals_it(app):
    scene = open_setup(app)
    assert scene.focus == "start"
    press(app, pygame.K_DOWN, pygame.K_UP)  # the first seat, then the deal above it
    assert scene.focus == "opt:hand_size"
    deal = scene.options.deal
    assert [value for value, _ in deal.options] == list(HAND_SIZES) and deal.value == ALL_CARDS
    press(app, pygame.K_LEFT)  # the shortest game
    assert deal.value == 3 and scene.draft.chosen_hand == 3
    assert "3 cards each, 40 set aside unseen" in deal.label
    press(app, pygame.K_RIGHT)  # one press back to every card
    assert deal.value == ALL_CARDS and "all dealt: 13 cards each" in deal.label
    press(app, pygame.K_RIGHT)
    assert deal.value == 10
    scene.start()
    app.stack.apply()
    table = app.stack.top
    assert isinstance(table, TableScene) and table.rules.hand_size == 10
    assert [table.table.hand_size(s) for s in range(4)] == [10] * 4
    stored = app.settings[settings_key("bullets")]
    assert stored["hand"] == 10  # picked: remembered


def test_people_joining_by_their_keys_get_the_short_game_and_the_title_says_so(app):
    scene = open_setup(app)
    before = frame_of(scene).length
    press(app, pygame.K_q, pygame.K_w, pygame.K_p, pygame.K_o)  # two more people join
    assert scene.draft.people == 3
    rules = scene.draft.rules()
    assert rules.hand_size == SHORT_HAND and scene.options.deal.value == SHORT_HAND
    length = frame_of(scene).length
    assert length.startswith("short game for 3 people: about ") and length != before
    assert f"about {about_minutes(rules, 3, app.pace)} min" in length


def test_a_remembered_choice_comes_back_and_damage_is_ignored():
    draft = SetupDraft.default("bullets")
    draft.chosen_hand = 7
    stored = draft.to_settings()
    assert SetupDraft.from_settings("bullets", stored).chosen_hand == 7
    for bad in (True, "7", 6, -1, 7.0, None, [7]):
        assert SetupDraft.from_settings("bullets", {**stored, "hand": bad}).chosen_hand is None
    assert "hand" not in SetupDraft.default("bullets").to_settings()  # nothing picked, nothing kept


def test_the_settings_file_keeps_a_valid_hand_and_drops_a_damaged_one():
    from bluffhouse.scenes.shell.settings_schema import SCHEMA

    check = SCHEMA[settings_key("kamu")]
    stored = SetupDraft.default("kamu").to_settings()
    assert check({**stored, "hand": 5})["hand"] == 5
    assert "hand" not in check({**stored, "hand": "5"}) and "hand" not in check({**stored, "hand": 9})


def test_set_up_again_after_a_game_keeps_a_picked_hand_but_not_a_proposed_one():
    seats = SetupDraft.default("bullets").seat_specs(lambda source: "?")
    rules = Rules.bullets(4, hand_size=7)
    picked = SetupDraft.from_setup("bullets", GameSetup(rules, seats, options={"hand": 7}), lambda *_: None)
    assert picked.chosen_hand == 7 and picked.rules().hand_size == 7
    proposed = SetupDraft.from_setup(
        "bullets", GameSetup(rules, seats, options={"hand": None}), lambda *_: None
    )
    assert proposed.chosen_hand is None and proposed.rules().hand_size == ALL_CARDS


# -- the estimate ----------------------------------------------------------------------------


def test_every_table_a_set_up_can_make_was_measured():
    for game, jokers in (("bullets", False), ("kamu", False), ("kamu", True)):
        for players in range(2, 9):
            base = Rules.kamu(players, jokers=jokers) if game == "kamu" else Rules.bullets(players)
            for hand in hand_choices(players, base.cards):
                calls, challenged = CALLS[(game, jokers, players, hand)]
                assert calls >= 1 and 0 < challenged < 1
    assert sorted(SECONDS) == sorted(PACES.values())


@pytest.mark.parametrize("players", range(2, 9))
def test_a_short_game_is_estimated_shorter_than_the_full_deal(players):
    full = Rules.bullets(players)
    short = full.but(hand_size=5)
    for people in (0, 1, players):
        assert game_seconds(short, people) < game_seconds(full, people)


def test_people_and_a_relaxed_pace_take_longer_and_a_match_takes_every_game():
    rules = Rules.bullets(4, hand_size=7)
    assert game_seconds(rules, 0) < game_seconds(rules, 1) < game_seconds(rules, 4)
    assert game_seconds(rules, 1, PACES["fast"]) < game_seconds(rules, 1, PACES["relaxed"])
    kamu = Rules.kamu(4)
    assert game_seconds(kamu, 1) == pytest.approx(3 * game_seconds(kamu.but(rounds=1), 1))
    assert about_minutes(Rules.bullets(2, hand_size=5), 0) >= 1


def test_a_hand_the_set_up_does_not_offer_is_estimated_from_the_nearest_table():
    five, six, seven = (game_seconds(Rules.bullets(4, hand_size=each), 1) for each in (5, 6, 7))
    assert five <= six <= seven
