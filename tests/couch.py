"""A referee for couch sessions: posts people's presses and checks every frame from outside.

It knows only what the people at the couch know — whose key is whose, what they pressed and
when, whose turn the engine says it is — and checks each drawn frame against that:

- every face of a hidden hand or cup drawn face up is in the privacy audit, with a reason (a
  replay's faces, Why.ENDED, only once the game is over or off the screen);
- a face shown because of somebody's own key belongs to a person who pressed their own peek
  key since the turn last changed or an overlay last opened, and who is either on their turn
  or still holding that key; never two people's private faces in one frame;
- every engine action for a person's seat came in a frame where that person pressed a key of
  their own, or a shared key or a click after their own peek key had opened their view; or it
  is the play such a press chose during the minimum challenge window, made when the window
  ended, while the turn stayed theirs and they did not press their own key again (which puts
  their curtain back) in between; somebody else's glance never covers a lifted hand.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from kit import new_app

from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Opening, Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.privacy import GUARD, Why
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene

# Each person's (challenge key, peek key), by seat.
PEOPLE_KEYS = {
    0: (pygame.K_q, pygame.K_w),
    1: (pygame.K_o, pygame.K_p),
    2: (pygame.K_z, pygame.K_x),
    3: (pygame.K_v, pygame.K_b),
    4: (pygame.K_f, pygame.K_g),
    5: (pygame.K_j, pygame.K_k),
}
DT = 0.05  # the app caps a frame at 1/20 s anyway
GUARD_FRAMES = int(GUARD / DT) + 2  # frames a person waits after a hand-over before shared keys act
SHARED_KEYS = (
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
)


def bind_people(app, seats) -> None:
    """Give each person seat its challenge and peek keys."""
    for seat in seats:
        challenge, peek = PEOPLE_KEYS[seat]
        app.input.unbind_player(seat)
        app.input.bind(Source("key", challenge), seat, "challenge")
        app.input.bind(Source("key", peek), seat, "peek")


def key_name(code: int) -> str:
    """How the set-up would show the key."""
    return pygame.key.name(code).upper()


class Referee:
    """Drives one game screen frame by frame and checks each frame (see the module docstring)."""

    def __init__(self, app, scene, people, dt: float = 1 / 30) -> None:
        """people: the seats played by people (their keys are PEOPLE_KEYS[seat])."""
        self.app, self.scene, self.dt = app, scene, dt
        self.people = tuple(people)
        self.owner = {}
        for seat in self.people:
            challenge, peek = PEOPLE_KEYS[seat]
            self.owner[challenge] = (seat, "challenge")
            self.owner[peek] = (seat, "peek")
        self.frame = 0
        self.events: list[pygame.event.Event] = []  # this frame's
        self.reset_frame = 0  # the last frame the turn changed or an overlay was on top
        self.peek_pressed: dict[int, int] = {}  # seat -> frame of its last peek key press
        self.peek_down: set[int] = set()
        self.applied: list = []  # this frame's engine actions
        self.history: list = []  # every engine action since the referee started
        self.faces: Counter = Counter()  # (owner, why) of every audited face
        self.actions: Counter = Counter()  # (seat, action kind) of every person's action
        self.chosen: dict[int, int] = {}  # seat -> frame of a shared press on their own turn
        self.held_made = 0  # actions made after the press that chose them (a held play)
        self.last_turn = self.turn()

    # -- what people do ------------------------------------------------------------------

    def down(self, code: int) -> None:
        """A key goes down (it is posted; the next step delivers it)."""
        self.events.append(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        owner = self.owner.get(code)
        if owner is not None and owner[1] == "peek" and owner[0] not in self.peek_down:
            self.peek_down.add(owner[0])
            self.peek_pressed[owner[0]] = self.frame

    def up(self, code: int) -> None:
        """A key comes up."""
        self.events.append(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        owner = self.owner.get(code)
        if owner is not None and owner[1] == "peek":
            self.peek_down.discard(owner[0])

    def tap(self, code: int, frames: int = 1) -> None:
        """Press and release a key within one frame, then step."""
        self.down(code)
        self.up(code)
        self.step(frames)

    def hold(self, code: int, frames: int) -> None:
        """Hold a key down for some frames, then let go."""
        self.down(code)
        self.step(frames)
        self.up(code)
        self.step()

    def click(self, pos, frames: int = 1) -> None:
        """A left click at a logical position (the window is 1280×720 in tests)."""
        self.events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.step(frames)

    # -- the frame -----------------------------------------------------------------------

    def game(self):
        """The engine object of the scene now (a new duel round replaces it)."""
        return getattr(self.scene, "table", None) or self.scene.duel

    def turn(self):
        """Whose turn the engine says it is (None once it is over)."""
        game = self.game()
        over = game.is_over if isinstance(game, Table) else game.phase == "over"
        return None if over else game.turn

    def step(self, frames: int = 1) -> None:
        """Run frames, delivering the posted events with the first, checking each one."""
        for _ in range(frames):
            for event in self.events:
                pygame.event.post(event)
            pressed, self.events = self.events, []
            self.note_choice(pressed)
            audit = self.app.audit
            audit.clear()
            self.applied.clear()
            self.app.step(self.dt)
            self.check_faces(audit.records, audit.violations)
            self.check_actions(pressed)
            turn = self.turn()
            if turn != self.last_turn or self.app.stack.top is not self.scene:
                self.reset_frame = self.frame  # views close: only a fresh press opens them
            self.last_turn = turn
            self.frame += 1

    def check_faces(self, records, violations) -> None:
        """Every face drawn this frame was one its owner's own fresh press allowed."""
        assert not violations, f"frame {self.frame}: faces drawn that the model does not allow"
        private = {r.owner for r in records if r.why is Why.OWN_KEY}
        assert len(private) <= 1, f"frame {self.frame}: two people's private faces at once {private}"
        for record in records:
            self.faces[(record.owner, record.why)] += 1
            if record.why is Why.OWN_KEY:
                owner = record.owner
                assert owner in self.people
                pressed = self.peek_pressed.get(owner, -1)
                assert pressed >= self.reset_frame, (
                    f"frame {self.frame}: seat {owner}'s faces shown without a fresh press of their key"
                )
                assert owner == self.last_turn or owner in self.peek_down, (
                    f"frame {self.frame}: seat {owner}'s faces shown, not their turn, key not held"
                )
            elif record.why is Why.ALONE:
                assert len(self.people) == 1
            elif record.why is Why.AUDIENCE:
                assert not self.people
            elif record.why is Why.ENDED:  # a replay: only of a game that has ended, never over a live one
                assert self.turn() is None or self.scene not in self.app.stack, (
                    f"frame {self.frame}: a replay's faces drawn while the game is played"
                )

    def shared_press(self, pressed) -> bool:
        """A click, or a key nobody owns, among this frame's events."""
        return any(
            e.type == pygame.MOUSEBUTTONDOWN or (e.type == pygame.KEYDOWN and e.key not in self.owner)
            for e in pressed
        )

    def opened(self, seat: int) -> bool:
        """The person's own peek key opened their view since the turn last changed (or alone)."""
        return self.peek_pressed.get(seat, -1) >= self.reset_frame or len(self.people) == 1

    def note_choice(self, pressed) -> None:
        """A shared press on a person's own turn with their view open may choose a play that
        is made later (held for the minimum challenge window)."""
        seat = self.last_turn
        if seat in self.people and self.shared_press(pressed) and self.opened(seat):
            self.chosen[seat] = self.frame

    def still_chosen(self, seat: int) -> bool:
        """A play chosen by a press of this turn, and the person's own key (which would have put
        their curtain back) not pressed since."""
        frame = self.chosen.get(seat, -1)
        return frame >= self.reset_frame and self.peek_pressed.get(seat, -1) < frame and self.opened(seat)

    def check_actions(self, pressed) -> None:
        """Every action applied this frame for a person came from a press of theirs (own key, or shared)."""
        for action in self.applied:
            seat = getattr(action, "seat", None)
            if seat not in self.people:
                continue
            self.actions[(seat, type(action).__name__)] += 1
            own = any(
                self.owner.get(getattr(e, "key", None), (None,))[0] == seat
                for e in pressed
                if e.type == pygame.KEYDOWN
            )
            if own:
                continue
            if self.shared_press(pressed) and self.opened(seat):
                continue
            assert self.still_chosen(seat), (
                f"frame {self.frame}: {action} applied without a press of {seat}'s own"
            )
            self.held_made += 1


def watch_actions(monkeypatch, referee: Referee) -> None:
    """Record every action the engines apply, for the referee's frame check."""
    for engine in (Table, Duel):
        real = engine.apply

        def apply(self, action, _real=real):
            events = _real(self, action)
            if self is referee.game():  # not a replay's own engines, nor a bot's copies
                referee.applied.append(action)
                referee.history.append(action)
            return events

        monkeypatch.setattr(engine, "apply", apply)


# -- sessions: an app, a card table or a duel of people with their keys, under the referee -------


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An App at its menu with its own settings file (import it into a test module to use it)."""
    app = new_app(tmp_path, monkeypatch, seed=11)
    yield app
    pygame.event.clear()


def person(seat: int) -> SeatSpec:
    challenge, peek = PEOPLE_KEYS[seat]
    return SeatSpec(f"P{seat + 1}", True, challenge_key=key_name(challenge), peek_key=key_name(peek))


def card_table(app, monkeypatch, people, players, kamu=False, seed=5, hands=None, bots=None):
    """A card table of people (with PEOPLE_KEYS) and medium computer players under the referee;
    hands: a known deal (the first hand plays first), bots: scripted computer players."""
    bind_people(app, people)
    seats = [person(s) if s in people else bot_seat(s, "medium") for s in range(players)]
    rules = Rules.kamu(players=players, jokers=True) if kamu else Rules.bullets(players=players)
    table = Table.from_hands(rules, hands, first=0) if hands is not None else None
    scene = TableScene(app, GameSetup(rules, seats, seed=seed), table=table, bots=bots)
    app.stack.push(scene)
    app.stack.apply()
    referee = Referee(app, scene, people, DT)
    watch_actions(monkeypatch, referee)
    return scene, referee


class KnownMatch(DuelMatch):
    """Rounds from known dice, the first proposer fixed, with the given opening rule."""

    def __init__(self, rules, first=0):
        super().__init__(rules, 1)
        self.first = first

    def new_round(self):
        first = self.first if not self.results else self.next_first
        return Duel.new(len(self.results) + 7, first=first, rules=self.rules)


def two_person_duel(app, monkeypatch, opening=Opening.BOTH, points=2):
    bind_people(app, (0, 1))
    rules = Rules.duel(points_to_win=points, opening=opening)
    scene = DuelScene(app, GameSetup(rules, [person(0), person(1)], seed=9), KnownMatch(rules))
    app.stack.push(scene)
    app.stack.apply()
    ref = Referee(app, scene, (0, 1), DT)
    watch_actions(monkeypatch, ref)
    return scene, ref


def settle_duel(scene, ref, limit=900):
    for _ in range(limit):
        waiting = scene.frame.acting is not None or scene.frame.curtain_for is not None
        if not scene.frame.stage.busy and (waiting or scene.frame.duel.phase is Phase.OVER):
            return
        ref.step()
    raise AssertionError("the duel never waited for a person")
