"""The host flow (scenes/play/flow.py), the same checks against both games: a refused press, a
computer player's think time, an overlay covering every hand or cup, the tape, a shared key."""

import ast
import random
from pathlib import Path

import pytest
from sources import nodes, scan

from bluffhouse.game.actions import Declare, Play, Propose
from bluffhouse.game.bots import make_bot
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_events import Mood
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.duel.flow import BOT_THINK, DuelFlow
from bluffhouse.scenes.play.flow import GameFlow
from bluffhouse.scenes.shell.messages import refusal_key
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.shell.session import SeatSpec
from bluffhouse.scenes.table.flow import BOT_LEAD_DELAY, TableFlow

FRAME = 1 / 60
HANDS = ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C", "4D 8S 8H KS"]


class Tape:
    """A record being written (game.records.tape's calls): what it was given, in order."""

    def __init__(self):
        self.begun, self.notes = [], []

    def begin(self, engine):
        self.begun.append(engine)

    def note(self, action, clock):
        self.notes.append((action, clock))

    def leave(self):
        pass


def seats_of(kinds: str) -> list[SeatSpec]:
    """'hb' -> a person (h, with their own keys) and a computer player (b)."""
    return [
        SeatSpec(f"{k}{s}", human=k == "h", challenge_key=str(s), peek_key=f"p{s}")
        for s, k in enumerate(kinds)
    ]


def card_table(kinds: str, tape=None) -> TableFlow:
    """Bullets at four, seat 0 leads (each computer player its own generator); the seats not
    given are computer players'."""
    kinds = kinds.ljust(4, "b")
    bots = {s: make_bot("bullets", "medium", s, random.Random(s)) for s, k in enumerate(kinds) if k == "b"}
    table = Table.from_hands(Rules.bullets(4), HANDS, first=0)
    return TableFlow(table, seats_of(kinds), bots, random.Random(1), tape=tape)


def dice_duel(kinds: str, tape=None) -> DuelFlow:
    """A duel of two; its first round is rolled at once (the opening: both decide)."""
    bots = {s: make_bot("duel", "medium", s, random.Random(s)) for s, k in enumerate(kinds) if k == "b"}
    return DuelFlow(DuelMatch(Rules.duel(), 5), seats_of(kinds), bots, random.Random(1), tape=tape)


def peek(flow: GameFlow, seat: int) -> None:
    """A person's own peek key, held (each game's own path to it)."""
    if isinstance(flow, TableFlow):
        flow.peek(seat, True)
    else:
        flow.peek(seat, True, False)


def peek_end(flow: GameFlow, seat: int) -> None:
    """A person lets go of their own peek key."""
    if isinstance(flow, TableFlow):
        flow.peek(seat, False)
    else:
        flow.peek(seat, False, False)


def refused_move(flow: GameFlow):
    """A move of seat 0 the engine refuses now, whose turn it is (a card not in the hand; a
    proposition before the opening is decided)."""
    if isinstance(flow, TableFlow):
        return Play(0, ["KS"])
    return Propose(0, (6, 6, 6, 6, 6))


def lawful_move(flow: GameFlow):
    """A move of seat 0 the engine takes now."""
    if isinstance(flow, TableFlow):
        return Play(0, ["AS"])
    return Declare(0, Mood.SATISFIED)


# (the flow with seat 0 a person, the game's shortest think of a computer player)
GAMES = {"table": card_table, "duel": dice_duel}
SHORTEST_THINK = {"table": BOT_LEAD_DELAY[0], "duel": BOT_THINK[0]}


@pytest.mark.parametrize("game", GAMES)
def test_both_flows_are_the_host_flow(game):
    flow = GAMES[game]("hb")
    assert isinstance(flow, GameFlow)
    assert isinstance(flow.engine, Table if game == "table" else Duel)


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_press_says_the_engines_reason_to_whoever_pressed(game):
    tape = Tape()
    flow = GAMES[game]("hb", tape)
    engine = flow.engine
    move = refused_move(flow)
    refusal = engine.refusal(0, move)
    assert refusal is not None  # the engine says why, without trying
    before = engine.snapshot()
    pressed = flow.press(move, By.OWN)
    assert pressed.done is False and flow.drain_messages() == []  # returned to whoever pressed
    said = pressed.refusal
    assert said.key == refusal_key(refusal.error()) and said.about == 0  # about the seat that pressed
    assert engine.snapshot() == before and tape.notes == []  # nothing changed, nothing taped
    pressed = flow.press(lawful_move(flow), By.OWN)
    assert pressed.done is True and pressed.refusal is None
    assert flow.drain_messages() == [] and [a for a, _ in tape.notes] == [lawful_move(flow)]


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_key_never_acts_for_a_person_whose_view_is_shut(game):
    flow = GAMES[game]("hh")  # two people: nobody's hand or cup is open yet
    before = flow.engine.snapshot()
    for by in (By.SHARED, By.OTHER):
        pressed = flow.press(lawful_move(flow), by)
        assert pressed.done is False and pressed.refusal is None  # swallowed: nothing said
    assert flow.engine.snapshot() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_computer_player_acts_only_after_its_think_time(game):
    tape = Tape()
    flow = GAMES[game]("bb", tape)
    flow.advance(FRAME)  # the turn is seen: its move is planned
    due = flow.next_due()
    assert due is not None and due >= SHORTEST_THINK[game] - FRAME
    while flow.clock + FRAME < due - 1e-9:
        flow.advance(FRAME)
        assert tape.notes == []  # still thinking
    while not tape.notes:
        flow.advance(FRAME)
    [(action, clock)] = tape.notes
    assert due <= clock < due + FRAME + 1e-9  # as soon as its time came, not before
    assert action.seat in flow.bots


@pytest.mark.parametrize("game", GAMES)
def test_a_computer_player_waits_while_the_screen_is_busy(game):
    tape = Tape()
    flow = GAMES[game]("bb", tape)
    flow.advance(FRAME)
    due = flow.next_due()
    while flow.clock < due + 1.0:
        flow.advance(FRAME, busy=True)  # the deal, a verdict, the show: nobody plays over it
    assert tape.notes == []
    flow.advance(FRAME)
    assert len(tape.notes) == 1


@pytest.mark.parametrize("game", GAMES)
def test_the_curtain_waits_for_the_person_whose_turn_it_is_and_only_their_key_lifts_it(game):
    flow = GAMES[game]("hh")
    turn = flow.turn
    other = 1 - turn
    assert flow.curtain_waits() == turn and flow.curtain_waits(busy=True) is None
    peek(flow, other)  # the other person's own key: a glance at their own, never a lift of this
    assert flow.curtain_waits() == turn and flow.views.why(turn) is None
    peek_end(flow, other)
    peek(flow, turn)
    assert flow.curtain_waits() is None and flow.views.why(turn) is not None
    assert flow.views.why(other) is None  # one private view at a time


@pytest.mark.parametrize("game", GAMES)
def test_cover_all_hides_every_hand_and_cup(game):
    flow = GAMES[game]("hh")
    seats = range(len(flow.seats))
    peek(flow, 0)
    assert any(flow.views.why(s) is not None for s in seats)  # a person's own key opened theirs
    flow.cover_all()  # an overlay opens, the window loses focus
    assert flow.views.open is None and all(flow.views.why(s) is None for s in seats)


@pytest.mark.parametrize("game", GAMES)
def test_the_tape_receives_each_applied_action_exactly_once(game, monkeypatch):
    tape = Tape()
    flow = GAMES[game]("hbbb" if game == "table" else "hb", tape)
    assert tape.begun == [flow.engine]
    applied = []
    kind = type(flow.engine)
    real = kind.apply

    def counted(engine, action):
        events = real(engine, action)  # raises when refused: then it is not counted
        if engine is flow.engine:  # not a computer player's search on a copy
            applied.append(action)
        return events

    monkeypatch.setattr(kind, "apply", counted)
    flow.press(refused_move(flow), By.OWN)  # refused: never taped
    flow.press(lawful_move(flow), By.OWN)
    for _ in range(600):
        flow.advance(FRAME)
        flow.press(refused_move(flow), By.OWN)
    assert len(applied) >= 3  # people's and computer players' moves
    assert [action for action, _ in tape.notes] == applied
    clocks = [clock for _, clock in tape.notes]
    assert clocks == sorted(clocks)  # each noted at the game time it was made


TAPE_CALLS = ("begin", "note", "leave")


def _tape_calls(path: Path) -> list[str]:
    """The methods of TAPE_CALLS the file calls on something's tape (`self.app.tape.note(...)`)."""
    found = set()
    for node in nodes(path):
        called = node.func if isinstance(node, ast.Call) else None
        on = called.value if isinstance(called, ast.Attribute) else None
        if isinstance(on, ast.Attribute) and on.attr == "tape" and called.attr in TAPE_CALLS:
            found.add(called.attr)
    return sorted(found)


def test_the_tape_is_called_in_one_place_for_both_games():
    """The record of a game is begun and noted by the host flow only (scenes/play/flow.py); the
    screen closes it as it leaves (scenes/play/scene.py). No game package calls it."""
    scenes = Path(__file__).resolve().parent.parent / "bluffhouse" / "scenes"
    callers = {}
    for path in scenes.rglob("*.py"):
        for call in scan(path, _tape_calls):  # kept between runs (tests/sources.py)
            callers.setdefault(call, set()).add(path.relative_to(scenes).as_posix())
    assert callers == {"begin": {"play/flow.py"}, "note": {"play/flow.py"}, "leave": {"play/scene.py"}}


@pytest.mark.parametrize("game", GAMES)
def test_a_glance_whose_key_was_let_go_unseen_closes_and_a_lifted_curtain_stays(game):
    flow = GAMES[game]("hh")
    turn, other = flow.turn, 1 - flow.turn
    peek(flow, other)  # a glance at their own while the key is held
    assert flow.views.open.held and flow.views.why(other) is not None
    flow.let_go_unseen(lambda seat: True)  # still down
    assert flow.views.why(other) is not None
    flow.let_go_unseen(lambda seat: seat != other)  # its key-up went to another screen
    assert flow.views.open is None
    peek(flow, turn)
    peek_end(flow, turn)  # the curtain lifted stays lifted once the key is up
    flow.let_go_unseen(lambda seat: False)
    assert flow.views.why(turn) is not None


@pytest.mark.parametrize("game", ["bullets", "duel"])
def test_a_stand_in_is_its_own_games_player_of_the_level_asked_and_only_on_an_away_phone_seat(game):
    """The room lets a computer hold an away phone seat: each game's flow makes the player of its
    own game at the Options' level (an unknown level: the sensible one), only for a phone seat."""
    flow = card_table("hb") if game == "bullets" else dice_duel("hb")
    flow.seats[0].phone = True
    flow.phones = (0,)
    flow.stand_in(1, "hard", random.Random(7))  # a computer's seat, not a phone's: nothing changes
    assert flow.stand_ins == set() and type(flow.bots[1]) is type(
        make_bot(game, "medium", 1, random.Random(1))
    )
    for level, made in (("hard", "hard"), ("nonsense", "sensible")):
        flow.stand_in(0, level, random.Random(7))
        assert flow.stand_ins == {0}
        assert type(flow.bots[0]) is type(make_bot(game, made, 0, random.Random(7)))
        flow.stand_down(0)
        assert 0 not in flow.bots and flow.stand_ins == set()
