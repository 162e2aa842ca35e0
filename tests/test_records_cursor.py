"""The replay cursor and the story (issue 21): the state at any step, face up; each call beside
what was really played, lies marked, challenges and their outcome; jumps to the next lie or
challenge; and each seat's figures for the stats."""

import random

from records_games import play

from bluffhouse.game.actions import Accept, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.duel import Duel
from bluffhouse.game.records.check import check, fresh_engine
from bluffhouse.game.records.cursor import Cursor
from bluffhouse.game.records.figures import figures
from bluffhouse.game.records.record import Seat, SeatKind
from bluffhouse.game.records.story import Verdict
from bluffhouse.game.records.tape import Tape
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table


def taped(rules, engine, actions, names=("Ana", "Ben", "Csilla")):
    """A record of `actions` played on `engine` (a known position), checked."""
    saved = []
    tape = Tape(rules, [Seat(names[s], SeatKind.PERSON) for s in range(rules.players)], saved.append)
    assert tape.begin(engine)
    for at, action in enumerate(actions):
        engine.apply(action)
        tape.note(action, at * 1.5)
    tape.leave()
    return check(saved[-1])


def replayed(record, game, moves):
    engine = fresh_engine(record.rules, record.games[game].start)
    for move in record.games[game].moves[:moves]:
        engine.apply(move.action)
    return engine.snapshot()


def test_seeking_anywhere_gives_the_state_the_moves_made_there_forwards_and_back():
    record = play(3, Rules.kamu(4, jokers=True, rounds=3), leave_chance=0).record
    cursor = Cursor(check(record))
    assert cursor.positions == sum(len(g.moves) + 1 for g in record.games)
    rng = random.Random(5)
    for position in [0, cursor.positions - 1, 17, 16, 15, 1, *rng.sample(range(cursor.positions), 40)]:
        step = cursor.seek(position)
        game, moves = cursor.locate(position)
        assert (step.game, step.moves) == (game, moves)
        assert step.engine.snapshot() == replayed(record, game, moves), position
    step = cursor.seek(10**6)  # clamped to the end: the last game's winner, the match's points
    assert step.position == cursor.positions - 1 and step.engine.is_over
    assert step.scores == record.scores
    assert cursor.seek(-5).position == 0 and cursor.seek(0).moment is None
    assert cursor.step(1).position == 1 and cursor.step(-1).position == 0


def test_a_step_engine_is_a_copy_of_its_own():
    record = play(2, Rules.bullets(3), leave_chance=0).record
    cursor = Cursor(check(record))
    step = cursor.seek(5)
    step.engine.apply(step.engine.legal_actions(step.engine.turn)[0])
    assert cursor.seek(5).engine.snapshot() == replayed(record, 0, 5)


def test_next_and_previous_lie_and_challenge_jump_to_the_move_just_made():
    record = play(7, Rules.bullets(4), leave_chance=0).record
    story = check(record)
    cursor = Cursor(story)
    lies = [m.step for m in story.moments if m.is_call and m.lie]
    challenges = [m.step for m in story.moments if m.kind == "challenge"]
    assert lies and challenges
    for position in range(0, cursor.positions, 7):
        assert cursor.next_lie(position) == next((s for s in lies if s > position), None)
        assert cursor.previous_lie(position) == next((s for s in reversed(lies) if s < position), None)
        assert cursor.next_challenge(position) == next((s for s in challenges if s > position), None)
        assert cursor.previous_challenge(position) == next(
            (s for s in reversed(challenges) if s < position), None
        )
    moment = cursor.seek(cursor.next_challenge(0)).moment
    assert moment.kind == "challenge" and moment.truthful is not None and moment.caller is not None


def test_each_call_is_told_beside_what_was_really_played():
    rules = Rules.bullets(3)
    table = Table.from_hands(rules, ["AS 2H 9C", "3D 4C 5S", "6H 7D 8S"], first=0)
    story = taped(
        rules,
        table,
        [
            Play(0, ["AS", "2H"]),
            Challenge(1),  # a lie, caught: seat 0 picks up both cards
            Play(1, ["3D"]),
            Play(2, ["6H"]),  # a lie that passes, then a lie
            Challenge(0),  # caught again
            Play(0, ["2H"]),
            Challenge(2),  # a true call challenged: the challenger was wrong
        ],
    )
    m = story.moments
    assert (m[0].rank, [str(c) for c in m[0].cards], m[0].lie, m[0].verdict) == (
        "A",
        ["AS", "2H"],
        True,
        Verdict.CAUGHT,
    )
    assert (m[1].caller, m[1].truthful, m[1].picked_up, m[1].cards_taken) == (0, False, 0, 2)
    assert m[0].challenged_by == 1 and m[2].got_away and m[2].verdict is Verdict.PASSED
    assert (m[3].verdict, m[4].picked_up) == (Verdict.CAUGHT, 2)
    assert (m[5].rank, m[5].lie, m[5].verdict, m[6].truthful) == ("2", False, Verdict.TRUE, True)
    rows = figures(story)
    assert [
        (r.calls, r.lies, r.lies_passed, r.caught, r.challenges, r.challenges_won, r.wrongly_accused)
        for r in rows
    ] == [(2, 1, 0, 1, 1, 1, 1), (1, 1, 1, 0, 1, 1, 0), (1, 1, 0, 1, 1, 0, 0)]
    assert rows[1].bold == 1 and '"3D"' in rows[1].bold_text  # the boldest lie that passed
    assert rows[0].ranks == {"A": 1, "2": 2} and not any(r.played for r in rows)  # a left game


def test_the_fako_bait_is_told_as_taken_or_turned_up():
    rules = Rules.kamu(3, jokers=True)
    table = Table.from_hands(rules, ["*F 7P 9T", "8P 10Z UM", "OP KT AZ"], first=0)
    story = taped(
        rules,
        table,
        [
            Play(0, ["*F"]),
            Play(1, ["8P"]),  # nobody challenged the Fakó: turned up, seat 0 picks up
            Play(2, ["OP"]),
            Play(0, ["*F"]),
            Challenge(1),  # challenged: the challenger picks up
        ],
    )
    m = story.moments
    assert (m[0].bait, m[0].lie, m[0].verdict, m[0].picked_up, m[0].cards_taken) == (
        True,
        True,
        Verdict.BAIT_EXPOSED,
        0,
        1,
    )
    assert m[3].verdict is Verdict.BAIT_TAKEN and (m[4].truthful, m[4].picked_up) == (True, 1)
    rows = figures(story)
    assert rows[0].lies == 2 and rows[0].lies_passed == 0 and rows[0].caught == 0
    assert rows[1].challenges == 1 and rows[1].challenges_won == 0 and rows[0].wrongly_accused == 0


def test_a_hand_emptied_and_let_stand_passes_and_wins():
    rules = Rules.bullets(2)
    table = Table.from_hands(rules, ["AS", "2H 3H"], first=0)
    story = taped(rules, table, [Play(0, ["AS"]), Accept(1)])
    assert story.moments[0].verdict is Verdict.PASSED and story.winners == (0,)
    assert story.record.status.value == "finished" and story.record.winners == (0,)
    assert figures(story)[0].won and figures(story)[0].played


def test_the_duel_tells_each_proposition_beside_the_dice_under_the_cup():
    rules = Rules.duel(points_to_win=1)
    duel = Duel.new(3, first=0, dice=[(2, 2, 3, 4, 6), (5, 5, 5, 1, 1)], rules=rules)
    story = taped(
        rules,
        duel,
        [
            Declare(0, "satisfied"),
            Declare(1, "satisfied"),
            Propose(0, (6, 6, 6, 6, 6)),  # a lie: a pair of twos held
            Reroll(1, (0, 1, 2)),
            Propose(1, (1, 1, 1, 1, 1)),
            Challenge(0),
        ],
    )
    m = story.moments
    assert (m[2].claim, m[2].held, m[2].lie) == ((6,) * 5, (2, 2, 3, 4, 6), True)
    assert m[2].verdict is Verdict.PASSED
    assert m[3].keep == (0, 1, 2) and m[3].rolled[:3] == (5, 5, 5)
    assert m[4].held == m[3].rolled and m[5].caller == 1
    assert m[4].verdict is (Verdict.TRUE if m[5].truthful else Verdict.CAUGHT)
    assert figures(story)[0].bold == m[2].boldness > 200  # five sixes claimed on a pair of twos


def test_playback_time_runs_through_the_games_of_a_match():
    record = play(1, Rules.duel(points_to_win=2), leave_chance=0).record
    cursor = Cursor(check(record))
    times = [cursor.seconds(p) for p in range(cursor.positions)]
    assert times == sorted(times) and cursor.duration == times[-1]
    for p in range(0, cursor.positions, 3):
        assert cursor.seconds(cursor.position_at(times[p])) == times[p]
