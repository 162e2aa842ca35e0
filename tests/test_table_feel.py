"""Issue 13's playtest list at the card table: banners, the plate, seats, the recap, the ticker,
and a play chosen during the minimum challenge window."""

import random

import pygame
import pytest
from kit import TABLE, ScriptBot, app_fixture, start_table, table_people
from watching import drawn, words

from bluffhouse.game.cards import parse_cards
from bluffhouse.game.events import CardsPlayed, TurnStarted
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat, quick_setup
from bluffhouse.scenes.table.chrome import draw_ticker, ticker_lines
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.fx import TableFx
from bluffhouse.scenes.table.layout import seat_places
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.table.seats import SCORE_GAP, SeatLook, draw_seat
from bluffhouse.scenes.table.sprites import Shown
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, text_width

__all__ = ["drawn"]
DT = TABLE.dt
app = app_fixture(seed=1, mute=False)  # as tests/test_table_scene.py's
press, run_until = TABLE.press, TABLE.run_until


class Quiet:
    def play(self, *args, **kwargs):
        pass


def fx_for(rules):
    places = seat_places(4, 0)
    return TableFx(
        rules,
        ["Ana", "Ben", "Cleo", "Dani"],
        places,
        Quiet(),
        Shown(0, [5] * 4, [3] * 4),
        lambda seat, i: (0, 0),
    )


def lead_banners(fx):
    return [n for n in fx.notes if n.kind == "lead" and n.alpha > 0]


def test_the_lead_banner_goes_as_soon_as_the_leader_plays():
    fx = fx_for(Rules.bullets())
    fx.on_events([TurnStarted(1, "4")])
    fx.update(0.3)
    assert [n.text for n in lead_banners(fx)] == ["Ben leads — fours"]
    fx.on_events([CardsPlayed(1, 2, "4", 3)])  # the call moves on to fives: "fours" no longer holds
    for _ in range(12):
        fx.update(DT)
    assert not lead_banners(fx) and fx.call_note is not None
    fx2 = fx_for(Rules.bullets())
    fx2.on_events([TurnStarted(1, "4")])
    for _ in range(12):
        fx2.update(DT)
    assert lead_banners(fx2)  # without a play it stays its full time


def test_the_plate_asks_stand_or_challenge_when_nobody_may_play(app):
    setup = quick_setup(app)
    table = Table.from_hands(setup.rules, ["AS 2S 3S", "KS KH", "QS QH", "2D"], first=3)
    scene = start_table(app, TableScene(app, setup, table=table, bots={3: ScriptBot(3, ["2D"])}))
    run_until(app, lambda: scene.moment.game.must_answer and scene.frame.plaque is not None)
    plaque = scene.frame.plaque
    assert plaque.label == "LAST CARDS" and plaque.rank_words == "Stand or challenge?"
    assert "let it stand or challenge" in plaque.note.lower() or "let them stand" in plaque.note.lower()
    assert "ace" not in plaque.rank_words.lower()


def test_the_celebration_of_a_kamu_round_says_the_round(app, drawn):
    rules = Rules.kamu(players=3, rounds=3)
    setup_seats = [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1), bot_seat(2)]
    table = Table.from_hands(rules, ["7P", "8P 9P", "10P UP"], first=0)
    scene = start_table(
        app,
        TableScene(
            app,
            GameSetup(rules, setup_seats, seed=1),
            table=table,
            bots={1: ScriptBot(1, ["8P"]), 2: ScriptBot(2, ["10P"])},
        ),
    )
    press(app, pygame.K_SPACE, pygame.K_RETURN)  # Ana's only card: her last
    run_until(app, lambda: any(n.kind == "last" and n.alpha > 0.5 for n in scene.fx.notes), seconds=5)
    app.step(DT, draw=True)  # painted: a red tag on her seat says so
    assert "last cards!" in words(drawn)
    run_until(app, lambda: scene.frame.celebration is not None, seconds=20)
    assert scene.frame.celebration[1] == "You win round 1!"
    for _ in range(3):  # its first frames painted: the title pops up
        app.step(DT, draw=True)
    suits = [d for d in drawn if d.words == "♠  ♥  ♦  ♣"]
    assert len(suits) == 3 and suits[0].rect.centerx == 640  # the gold band's suits, over the title


def test_a_kamu_panel_keeps_a_two_digit_count_apart_from_the_points(monkeypatch):
    import bluffhouse.scenes.table.seats as seats

    drawn = {}
    real = seats.draw_text

    def spy(surface, text, *args, **kwargs):
        rect = real(surface, text, *args, **kwargs)
        drawn[text] = rect
        return rect

    monkeypatch.setattr(seats, "draw_text", spy)
    surface = pygame.Surface((1280, 720))
    for place in seat_places(8, 0):
        for cards, score in ((13, 0), (28, 10), (9, 1)):
            drawn.clear()
            look = SeatLook(
                place.seat,
                "Bartholomew",
                False,
                False,
                cards,
                0,
                0,
                False,
                None,
                False,
                False,
                False,
                "hungarian",
                score=score,
            )
            draw_seat(surface, place, look, 0.0)
            points = drawn["1 pt" if score == 1 else f"{score} pts"]
            assert drawn[str(cards)].right + SCORE_GAP <= points.left, (place.seat, cards, score)


def test_the_ticker_wraps_a_long_line_whole():
    text = "Cards dealt, 4 set aside unseen. Dani starts with sevens."
    size, lines = ticker_lines(text, 320)
    assert " ".join(lines) == text and size >= READ and len(lines) <= 2
    assert all(text_width(line, size) <= 320 for line in lines)


def test_the_ticker_draws_nothing_once_faded_or_without_a_line():
    surface = pygame.Surface((1280, 720))
    assert draw_ticker(surface, "Ben calls two sevens.", Palette.CREAM, 0.0) is None  # faded away
    assert draw_ticker(surface, "", Palette.CREAM, 1.0) is None
    assert draw_ticker(surface, "Ben calls two sevens.", Palette.CREAM, 1.0).w > 0


def test_a_long_toast_wraps_and_keeps_every_word(app):
    words = "Ana cannot challenge now: she has no bullets left, so she can only keep playing " * 4
    app.toast(words.strip())
    rect = app.toast_rects()[0]
    assert rect.h > 3 * 22  # more than three lines, none dropped
    assert rect.w <= 1280


# -- a play chosen during the minimum challenge window --------------------------------------


def small_flow(people=(0, 1, 2, 3), window=2.0):
    rules = Rules.bullets(players=4)
    table = Table.from_hands(rules, ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C", "4D 8S 8H KS"], first=0)
    seats = [SeatSpec(f"P{s}", s in people) for s in range(4)]
    return table, TableFlow(table, seats, {}, random.Random(1), min_window=window)


def run(flow, seconds):
    for _ in range(round(seconds / 0.05)):
        flow.update(0.05)


def test_a_play_chosen_during_the_window_is_made_when_the_window_ends():
    table, flow = small_flow(people=(0, 1))
    flow.views.reveal(0, By.OWN)
    run(flow, 0.5)
    assert flow.play(0, parse_cards("AS"))
    flow.update(0.05)
    flow.views.reveal(1, By.OWN)  # Ben lifts his curtain on his turn
    run(flow, 0.5)
    assert flow.window_wait() > 0 and flow.hold(1, parse_cards("2H"), By.SHARED)
    assert table.hand_size(1) == 4  # nothing yet: the window runs
    run(flow, flow.window_wait() + 0.1)
    assert flow.held is None and table.last_call.seat == 1 and table.hand_size(1) == 3


def test_a_held_play_is_called_off_when_the_view_closes_or_the_table_changes():
    table, flow = small_flow(people=(0, 1, 2))
    flow.views.reveal(0, By.OWN)
    run(flow, 0.5)
    assert flow.play(0, parse_cards("AS"))
    flow.update(0.05)
    flow.views.reveal(1, By.OWN)
    run(flow, 0.5)
    assert flow.hold(1, parse_cards("2H"), By.SHARED)
    flow.views.reveal(2, By.OWN, held=True)  # Cleo's glance never covers Ben's hand
    flow.update(0.05)
    assert flow.held is not None
    flow.peek(1, True)  # Ben's own key puts his curtain back: what he chose is called off
    flow.update(0.05)
    assert flow.held is None
    run(flow, 3.0)
    assert table.turn == 1 and table.hand_size(1) == 4  # nothing was played for Ben
    # the turn changes under a held play (somebody challenges): it is called off too
    table, flow = small_flow(people=(0, 1, 2))
    flow.views.reveal(0, By.OWN)
    run(flow, 0.5)
    assert flow.play(0, parse_cards("AS"))
    flow.update(0.05)
    flow.views.reveal(1, By.OWN)
    run(flow, 0.5)
    assert flow.hold(1, parse_cards("2H"), By.SHARED)
    flow.update(0.05, presses=[2])  # Cleo challenges Ana's call
    flow.update(0.05)
    assert flow.held is None and table.hand_size(1) == 4


def test_only_the_person_whose_hand_it_is_may_hold_a_play():
    _table, flow = small_flow(people=(0, 1, 2))
    flow.views.reveal(0, By.OWN)
    run(flow, 0.5)
    assert flow.play(0, parse_cards("AS"))
    flow.update(0.05)
    run(flow, 0.5)  # Ben's curtain is still down: a shared key is nobody's
    assert not flow.hold(1, parse_cards("2H"), By.SHARED) and flow.held is None
    assert not flow.hold(1, parse_cards("2H"), By.OTHER)


def test_enter_during_the_window_counts_down_on_the_play_button_and_plays(app):
    rules = Rules.bullets(players=4, challenge_window=2.0)
    table = Table.from_hands(rules, ["AS 2S 3S", "KS KH 2D", "QS QH 2C", "JS JH 2H"], first=3)
    setup = table_people(app, rules)
    bots = {1: ScriptBot(1, ["2D"]), 3: ScriptBot(3, ["JS"])}
    scene = start_table(app, TableScene(app, setup, table=table, bots=bots))
    run_until(app, lambda: table.turn == 0 and table.window_open and scene.moment.curtain == 0)
    press(app, pygame.K_w)  # Ana's own peek key lifts her curtain
    for _ in range(15):  # past the hand-over guard, still inside the window
        app.step(DT)
    assert scene.moment.game.window_wait > 0.3
    press(app, pygame.K_SPACE, pygame.K_RETURN)  # the first card, Enter: too early to play...
    button = scene.frame.play_button
    assert scene.moment.game.held is not None and button.state == "held" and "Playing in" in button.label
    assert not any("challenge window" in toast.text for toast in app.toasts)  # ...but not refused
    run_until(app, lambda: scene.moment.game.held is None, seconds=3)
    assert table.last_call.seat == 0 and table.hand_size(0) == 2


def test_a_shout_stays_over_the_cards_it_turns_up(app, monkeypatch):
    """ "Liar!" is drawn after the reveal (a French playtest saw the turned cards hide it); the
    call's own bubble may go under them."""
    from dataclasses import replace
    from types import SimpleNamespace

    import bluffhouse.scenes.table.paint as paint

    scene = start_table(app, TableScene(app, quick_setup(app)))
    order: list[str] = []
    monkeypatch.setattr(paint, "draw_speech", lambda surface, place, text, kind, *rest: order.append(kind))
    monkeypatch.setattr(paint, "draw_reveal", lambda *args: order.append("reveal"))
    bubbles = tuple(
        SimpleNamespace(place=None, text="", kind=kind, alpha=1.0, progress=1.0, bar=None, caption=None)
        for kind in ("doubt", "call")
    )
    paint.paint_table(replace(scene.frame, bubbles=bubbles, reveal=(None, None)), pygame.Surface((1280, 720)))
    assert order == ["call", "reveal", "doubt"]


@pytest.mark.draws
def test_the_curtain_keeps_long_words_inside_its_plate(monkeypatch):
    """A longer language shrinks the curtain's lines to fit its plate (a Hungarian playtest saw
    the small line run past it, English too with a long name)."""
    from bluffhouse.scenes.table.chrome import draw_curtain
    from bluffhouse.scenes.ui import text

    drawn: list[pygame.Rect] = []
    watch = lambda line: drawn.append(line.rect) if line.role != "cover" else None  # noqa: E731
    monkeypatch.setattr(text, "WATCHERS", [*text.WATCHERS, watch])
    long = "Only Bartholomew's own key opens it (later, hold it to peek). Enter, Space and clicks never do."
    line = "Bartholomew the Magnificent: press Right Shift to lift the curtain"
    curtain = draw_curtain(
        pygame.Surface((1280, 720)), "Pass to Bartholomew the Magnificent", line, (200, 80, 60), 0.0, long
    )
    plate_width = curtain.w - 40  # the plate: the curtain's width less its velvet either side
    assert len(drawn) >= 4  # title, line, the note (two lines at 18 px), "everyone else…"
    assert all(rect.w <= plate_width - 20 and curtain.contains(rect) for rect in drawn)


def test_the_challenge_button_says_kamu_at_a_kamu_table(app):
    """Seed 003's word on the button too, as the shout says it (a Hungarian playtest)."""
    seats = [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1), bot_seat(2)]
    kamu = start_table(app, TableScene(app, GameSetup(Rules.kamu(players=3), seats, seed=1)))
    assert kamu.frame.challenge_button.label == "Kamu!"
    app.stack.pop()
    app.stack.apply()
    bullets = start_table(app, TableScene(app, GameSetup(Rules.bullets(players=3), seats, seed=1)))
    assert bullets.frame.challenge_button.label == "Challenge!"
