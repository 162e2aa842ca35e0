"""The results screen from real bot games: places, the truth recap, the match, what comes next."""

import random

import kit
import pygame
from kit import app_fixture, played_record, results_setup, show_results

from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.results.cards import DEMO_ADVANCE, ResultsScene
from bluffhouse.scenes.results.recap import ROW_H, verdict_of
from bluffhouse.scenes.results.tables import place_label, place_rows
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.shell.session import GameRecord, GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import set_language, t

app = app_fixture(seed=5, mute=False, menu=False)
press = kit.Pace(release=False, then=1).press  # pressed, a frame each, and one frame more


def test_every_call_of_the_game_is_in_the_truth_recap(app):
    rules = Rules.bullets(players=4)
    setup = results_setup(rules, seed=11)
    record = played_record(setup, CardMatch(rules, 11), 11)
    scene = show_results(app, record)
    rows = scene.recap.rows
    assert len(rows) == len(record.truth) > 10
    for row, call in zip(rows, record.truth, strict=True):
        assert row.seat == call.seat and row.cards == tuple(call.cards)
        assert row.verdict == verdict_of(call)
    assert any(r.verdict == "got_away" for r in rows)
    verdicts = {r.verdict for r in rows}
    assert verdicts <= {"caught", "got_away", "wrong_doubt", "true"}  # no Fakó in Bullets
    caught = sum(r.verdict == "caught" for r in rows)
    assert caught == sum(s.lies_caught for s in record.stats)
    # Scrolling reaches the last call.
    assert 0 in scene.recap.shown() and len(rows) - 1 not in scene.recap.shown()
    press(app, pygame.K_END)
    for _ in range(60):
        app.step(1 / 60)
    assert len(rows) - 1 in scene.recap.shown()
    # A page up, then a row down: the recap moves by a page less a row, then by one row.
    end = scene.recap.target
    press(app, pygame.K_PAGEUP)
    assert scene.recap.target == end - (scene.recap.visible_rows - 1) * ROW_H
    press(app, pygame.K_DOWN)
    assert scene.recap.target == end - (scene.recap.visible_rows - 2) * ROW_H
    # The language switched in the Options: the buttons and the recap's words follow it.
    set_language("hu")
    try:
        app.step(1 / 60)
        assert [b.label for b in scene.buttons][:2] == [t("results.play_again"), t("results.setup")]
        assert scene.buttons[0].label != "Play again" and len(scene.recap.rows) == len(rows)
    finally:
        set_language("en")


def test_kamu_recap_marks_the_fako_and_counts_lies():
    from bluffhouse.game.cards import FAKO_CARD, parse_cards
    from bluffhouse.game.events import CardsPlayed, CardsRevealed, Challenged, FakoExposed
    from bluffhouse.scenes.table.truth import SeatStats, note_truth

    def told(cards, lie, by=None, exposed=False):
        """The call as the flow writes it from the engine's events (the bait is the event's)."""
        truth, stats, rank = [], [SeatStats() for _ in range(3)], "7"
        events = [CardsPlayed(0, len(cards), rank, 3)]
        bait = len(cards) == 1 and cards[0] is FAKO_CARD
        if by is not None:
            held = bait or not lie
            events += [Challenged(by, 0, held, bait), CardsRevealed(0, tuple(cards), rank, held, bait)]
        if exposed:
            events.append(FakoExposed(0))
        note_truth(truth, stats, events, tuple(cards))
        assert truth[-1].lie == lie
        return truth[-1]

    assert verdict_of(told([FAKO_CARD], True, exposed=True)) == "fako_exposed"
    assert verdict_of(told([FAKO_CARD], True, by=2)) == "fako_bait"
    assert verdict_of(told(parse_cards("7P 8T"), True, by=1)) == "caught"
    assert verdict_of(told(parse_cards("7P"), False, by=1)) == "wrong_doubt"
    assert verdict_of(told(parse_cards("7P"), False)) == "true"


def test_shared_places_are_shown_as_shared(app):
    class Finished:
        winner = 2

        def ranking(self):
            return [(1, 2, 0), (2, 0, 4), (2, 3, 4), (4, 1, 9)]

    rows = place_rows(Finished())
    labels = [place_label(r.place, r.shared) for r in rows]
    assert labels == ["1st", "=2nd", "=2nd", "4th"]
    assert [r.winner for r in rows] == [True, False, False, False]
    # And on a real game, whatever its ranking, equal counts share a place.
    rules = Rules.bullets(players=4)
    record = played_record(results_setup(rules, 3), CardMatch(rules, 3), 3)
    rows = ResultsScene(app, record).places
    counts = [r.cards for r in rows]
    for row in rows:
        assert row.shared == (counts.count(row.cards) > 1 and not row.winner)


def test_kamu_match_totals_across_rounds_and_next_round(app):
    rules = Rules.kamu(players=4, jokers=True)
    setup = results_setup(rules, seed=7)
    match = CardMatch(rules, 7)
    record = played_record(setup, match, 1)
    scene = show_results(app, record)
    assert scene.shows_match and not scene.match_over
    assert [b.label for b in scene.buttons] == ["Next round", "Menu"]
    table = scene.match_table()
    assert sorted(r.total for r in table) == sorted(match.scores)
    assert all(r.points == (match.results[0].points[r.seat],) for r in table)
    press(app, pygame.K_RETURN)
    nxt = app.stack.top
    assert isinstance(nxt, TableScene) and nxt.match is match and nxt.game_number == 2
    assert all(nxt.bots[s] is record.bots[s] for s in record.bots)  # those who remember stay
    for seed in (2, 3):
        record = played_record(setup, match, seed)
    assert match.is_over
    app.stack.reset(MenuScene(app))
    app.stack.apply()
    scene = show_results(app, record)
    rows = scene.match_table()
    assert len(rows) == 4 and all(len(r.points) == 3 for r in rows)
    for row in rows:
        assert row.total == sum(row.points) == match.scores[row.seat]
        assert row.points == tuple(result.points[row.seat] for result in match.results)
    assert [r.total for r in rows] == sorted(match.scores, reverse=True)
    assert [b.label for b in scene.buttons] == ["Play again", "Set-up", "Menu"]
    assert "match" in scene.title()


def test_experts_sit_at_the_next_round_again_and_others_start_afresh(app):
    from bluffhouse.game.bots.table_expert import ExpertTableBot

    rules = Rules.kamu(players=3, jokers=True)
    setup = GameSetup(
        rules, [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1, "expert"), bot_seat(2, "hard")], seed=4
    )
    match = CardMatch(rules, 4)
    first = TableScene(app, setup, match)
    assert isinstance(first.bots[1], ExpertTableBot)
    table = match.new_game()
    bots = {s: TABLE_BOTS["sensible"](s, random.Random(s)) for s in range(3)}
    flow = TableFlow(table, setup.seats, bots, random.Random(4))
    while not table.is_over:
        flow.update(0.05)
    match.record(table)
    record = GameRecord(setup, match, table, flow.truth, flow.stats, {1: first.bots[1]})
    first.bots[1].remember(table.view(1), flow.truth)
    scene = show_results(app, record)
    scene.next_round()
    app.stack.apply()
    nxt = app.stack.top
    assert nxt.bots[1] is first.bots[1] and nxt.bots[2] is not first.bots[2]
    assert sum(h.known_calls for h in nxt.bots[1].reading.past) > 0  # the truth, remembered


def test_play_again_starts_a_new_match_with_the_next_first_player(app):
    rules = Rules.bullets(players=4)
    match = CardMatch(rules, 21, first=2)
    record = played_record(results_setup(rules, 21), match, 21)
    show_results(app, record)
    press(app, pygame.K_RETURN)  # "Play again" has the focus
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match is not match and table.match.first == 3 and table.table.first == 3
    assert table.setup.seats == record.setup.seats and table.setup.rules == rules


def test_setup_and_menu_buttons(app):
    rules = Rules.kamu(players=3, rounds=1)
    record = played_record(results_setup(rules, 4), CardMatch(rules, 4), 4)
    show_results(app, record)
    press(app, pygame.K_RIGHT, pygame.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.game == "kamu"
    assert [s.name for s in setup.draft.seats] == [s.name for s in record.setup.seats]
    assert setup.draft.options["rounds"] == 1
    show_results(app, record)
    press(app, pygame.K_LEFT, pygame.K_RETURN)  # wraps round to "Menu"
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1


def test_a_click_on_a_button_works_too(app):
    rules = Rules.bullets(players=3)
    record = played_record(results_setup(rules, 8), CardMatch(rules, 8), 8)
    scene = show_results(app, record)
    menu = scene.buttons[-1].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu, button=1))
    app.step(1 / 60)
    app.step(1 / 60)
    assert isinstance(app.stack.top, MenuScene)


def test_demo_results_move_on_to_the_next_demo_game(app):
    rules = Rules.bullets(players=4)
    record = played_record(results_setup(rules, 6, demo=True), CardMatch(rules, 6), 6)
    scene = show_results(app, record)
    assert scene.buttons == []
    for _ in range(int(DEMO_ADVANCE * 60) - 10):
        app.step(1 / 60)
    assert app.stack.top is scene
    for _ in range(30):
        app.step(1 / 60)
    top = app.stack.top
    assert isinstance(top, TableScene) and top.setup.demo


def test_drawing_every_layout_does_not_fail(app):
    for rules in (
        Rules.bullets(players=8),
        Rules.kamu(players=8, jokers=True, rounds=10),
        Rules.kamu(players=2),
    ):
        record = played_record(results_setup(rules, 2), CardMatch(rules, 2), 2)
        scene = show_results(app, record)
        for _ in range(30):
            app.step(1 / 10)
        assert scene.row_step() >= 20
        app.stack.reset(MenuScene(app))
        app.stack.apply()


def test_esc_in_the_middle_of_a_match_asks_before_leaving(app):
    from bluffhouse.scenes.pause import ConfirmScene

    rules = Rules.kamu(players=3)
    record = played_record(results_setup(rules, 12), CardMatch(rules, 12), 12)
    scene = show_results(app, record)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ConfirmScene)
    press(app, pygame.K_ESCAPE)  # no, stay
    assert app.stack.top is scene
