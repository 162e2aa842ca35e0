"""The warm-up: what each screen queues, the frame budget it keeps, and that it draws nothing."""

import pytest
from kit import app_fixture

from bluffhouse.game.cards import french_deck, hungarian_deck
from bluffhouse.game.rules import Rules
from bluffhouse.scenes import art
from bluffhouse.scenes.shell.app import LOGICAL_SIZE
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.shell.warmup import Warmup
from bluffhouse.scenes.table import art_wanted as warmup
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.table.seats import PEEK_WIDTH


class Clock:
    """A clock the test moves: each job advances it by its cost."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def job(clock, name, cost, log, kind="piece"):
    def build():
        log.append(name)
        clock.now += cost

    return (name,), kind, build


def test_pieces_are_built_while_the_frame_has_time_and_costs_are_learnt():
    clock, log = Clock(), []
    queue = Warmup(clock)
    queue.want(job(clock, f"p{i}", 0.004, log) for i in range(10))
    clock.now = 0.005  # the frame itself took 5 ms
    assert queue.run(frame_start=0.0, budget=0.012) == 1  # 6 ms guessed: one fits, then 4 ms known
    assert queue.cost["piece"] == pytest.approx(0.004)
    clock.now = 1.0 + 0.002  # a cheap frame: 10 ms left, 4 ms a piece
    assert queue.run(frame_start=1.0, budget=0.012) == 2
    assert log == ["p0", "p1", "p2"]


def test_a_slow_frame_still_builds_one_piece_when_it_took_almost_nothing():
    clock, log = Clock(), []
    queue = Warmup(clock)
    queue.cost["big"] = 0.050  # learnt earlier: more than any budget
    queue.want([job(clock, "big", 0.050, log, "big")])
    clock.now = 0.001
    assert queue.run(frame_start=0.0, budget=0.012) == 1  # never stuck behind a big piece
    clock.now = 1.007  # 7 ms gone: the capped guess (6 ms) does not fit in 12
    queue.want([job(clock, "big2", 0.050, log, "big")])
    assert queue.run(frame_start=1.0, budget=0.012) == 0


def test_a_piece_already_made_does_not_teach_a_cost_and_the_queue_forgets_done_keys():
    clock, log = Clock(), []
    queue = Warmup(clock)
    queue.want([job(clock, "a", 0.0, log), job(clock, "a", 0.0, log)])
    assert len(queue.queue) == 1
    queue.run(0.0)
    assert "piece" not in queue.cost and not queue.queued
    queue.want([job(clock, "a", 0.0, log)])  # a later screen may want it again
    assert len(queue.queue) == 1


app = app_fixture(seed=4, mute=False)


def table(app, rules, people):
    seats = [SeatSpec("Ana", True, challenge_key="Q")] if people else []
    seats += [bot_seat(s) for s in range(len(seats), rules.players)]
    return TableScene(app, GameSetup(rules, seats, seed=2))


def keys(jobs):
    return {key for key, _, _ in jobs}


def test_a_table_of_people_wants_every_face_at_the_hand_reveal_and_peek_sizes(app):
    scene = table(app, Rules.bullets(4), people=True)
    wanted = keys(scene.art_wanted())
    for width in (warmup.HAND_WIDTH, warmup.REVEAL_WIDTH, PEEK_WIDTH):
        assert {("face", str(card), width) for card in french_deck()} <= wanted
    assert {("pile", n, "french") for n in range(53)} <= wanted
    assert ("felt",) in wanted and ("badge", 0, "An", warmup.TABLE_BADGE, True) in wanted


def test_computer_players_need_only_the_reveal_size_and_two_kamu_decks_pile_higher(app):
    scene = table(app, Rules.kamu(8, jokers=True), people=False)
    wanted = keys(scene.art_wanted())
    faces = {key for key in wanted if key[0] == "face"}
    assert faces == {("face", str(card), warmup.REVEAL_WIDTH) for card in hungarian_deck(True)}
    assert max(key[1] for key in wanted if key[0] == "pile") == 2 * 34


def test_the_warm_up_never_asks_the_painters_gate_for_a_face(app, monkeypatch):
    def audited(card, width):
        raise AssertionError("the warm-up drew a face through scenes.art.card_face")

    monkeypatch.setattr(art, "card_face", audited)
    queue = Warmup()
    queue.want(table(app, Rules.bullets(4), people=True).art_wanted())
    while queue.queue:  # each run a frame starting now (a big piece waits for a nearly idle one)
        queue.run(queue.clock(), budget=1e9)


@pytest.mark.draws
def test_entering_a_screen_queues_its_art_and_frames_build_it(app):
    scene = table(app, Rules.bullets(4), people=True)
    app.stack.push(scene)
    app.stack.apply()
    queued = len(app.warmup.queue)
    assert queued > 100
    art.pile(1, warmup.PILE_WIDTH, "french")  # built as the table entered
    for _ in range(5):
        app.step(1 / 60)
    assert len(app.warmup.queue) < queued


def test_an_overlay_keeps_the_queue_of_the_screen_under_it(app):
    scene = table(app, Rules.bullets(4), people=False)
    app.stack.push(scene)
    app.stack.apply()
    before = len(app.warmup.queue)
    from bluffhouse.scenes.pause import PauseScene

    app.stack.push(PauseScene(app, "bullets"))
    app.stack.apply()
    assert len(app.warmup.queue) == before


@pytest.mark.draws
def test_a_window_of_the_logical_size_is_drawn_on_directly(app):
    app.step(1 / 60)
    assert app.window.get_size() == LOGICAL_SIZE and app.surface is app.window
