"""GameFlow: the flow in time both games share, written once (no pygame).

A game's flow (scenes/table/flow.py, scenes/duel/flow.py) says what is its own — its engine,
its presses, what an applied action means for its show, when its computer players plan to act —
and this host gives them one way of doing the rest:

- the clock and the players' pace; holds (a verdict on screen: nothing moves on until it ends);
- whose hands and cups may show (scenes.shell.privacy), covered all at once by an overlay;
- a press: it acts only for the person who pressed their own key, is checked once, by the
  engine, and comes back as a Pressed: taken, or refused with the engine's reason (or the
  host's: a verdict on screen, the minimum window), for whoever pressed to say — the screen on
  the television, the phone link to its phone alone;
- the moment (scenes.play.moment.Moment), built once per update: what is live, each seat's
  view and what it may press, read by the frame builders, the phones and the tests;
- every action, a person's or a computer player's, takes one path into the engine (act), where
  the record of the game (game.records.tape) notes it, exactly once;
- computer players' pacing: a think time drawn from the flow's own generator, plans made stale
  by any change, and nothing of theirs acted on while the screen still shows something;
- a phone seat whose phone is away, once the room chose how the game goes on
  (scenes/play/away.py): a computer player holds it (a stand-in), or its person plays it here
  behind the curtain, until the phone is back.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from bluffhouse.game.actions import Action
from bluffhouse.game.contract import Engine, Refusal
from bluffhouse.game.errors import IllegalAction
from bluffhouse.scenes.play.moment import SWALLOWED, TAKEN, Moment, Pressed, SeatMoment, kind_of
from bluffhouse.scenes.play.plans import Plans
from bluffhouse.scenes.play.says import Says
from bluffhouse.scenes.shell.messages import Message, refusal_message
from bluffhouse.scenes.shell.privacy import By, PrivacyAudit, PrivateViews

if TYPE_CHECKING:
    from bluffhouse.game.records.tape import Tape
    from bluffhouse.scenes.shell.session import SeatSpec

E = TypeVar("E", bound=Engine)  # the game's engine: game.table.Table, game.duel.Duel
G = TypeVar("G")  # the game's own part of its moment: scenes.table.flow.TableNow, scenes.duel.flow.DuelNow
B = TypeVar("B")  # its computer players: game.bots.players.TablePlayer, DuelPlayer


class GameFlow(Says, Plans, Generic[E, G, B]):
    """One game in time, for people and computer players, generic over the game's engine (it asks
    the engine only what game.contract.Engine offers), its moment's own part and its computer
    players: TableFlow is a GameFlow[Table, TableNow, TablePlayer], DuelFlow a
    GameFlow[Duel, DuelNow, DuelPlayer]."""

    engine: E  # the game being played now (the duel's changes every round)
    #: the game's words when a person's own key must wait for another's view: (held, open)
    waiting_words: tuple[str, str]

    def __init__(
        self,
        seats: Sequence[SeatSpec],
        bots: dict[int, B],
        rng: random.Random,
        audit: PrivacyAudit | None = None,
        tape: Tape | None = None,
        audience: bool = False,
    ) -> None:
        """seats: SeatSpec-like (name, human, phone); bots: seat -> a computer player with
        choose(view); rng: the think times' own generator; audit: where face-up draws are
        recorded; tape: the record being written of this game, or None; audience: nobody plays
        here (the attract mode), everything may show."""
        self.seats = seats
        self.bots = bots
        self.rng = rng
        self.tape = tape
        self.clock = 0.0
        # The players' game pace (Options): computer players' delays and the holds shorten or
        # lengthen with it; the house rules' times (the minimum challenge window) do not.
        self.pace = 1.0
        self.hold_until = 0.0
        self.humans = [] if audience else [s for s, spec in enumerate(seats) if spec.human]
        # People on phones hold their hand (or dice) there: never shown here, no curtain.
        self.phones = tuple(s for s in self.humans if getattr(seats[s], "phone", False))
        # Whose hand or cup may be face up: only its owner's own key opens it, one at a time.
        self.views = PrivateViews(self.humans, audit, audience=audience, phones=self.phones)
        self._messages: list[Message] = []
        self._plans = []  # the computer players' plans (scenes.play.plans)
        self._serial = 0  # bumps at every applied action: plans made before it are stale
        # Phone seats whose phone is away, as the room chose: held by a computer player until it
        # is back (stand_ins, their players in bots), or played here behind the curtain (here).
        self.stand_ins: set[int] = set()
        self.here: set[int] = set()
        self._kinds: dict[int, tuple[object, frozenset[str]]] = {}  # seat -> (its view, its legal kinds)

    @property
    def names(self) -> list[str]:
        """The seats' names now (a default name follows the language)."""
        return [spec.name for spec in self.seats]

    # -- the game's own part ---------------------------------------------------------------

    def held_back(self, action: Action) -> Message | None:
        """Why the host holds a press back now, whatever the engine would say (None: nothing
        does). Each game says its own (the card table: a verdict on screen, the minimum window);
        the duel sends every press to the engine."""
        return None

    def own_moment(self, busy: bool) -> G:
        """The game's own part of the moment (scenes.play.moment.Moment.game)."""
        raise NotImplementedError

    def curtain_now(self, busy: bool) -> int | None:
        """The person the curtain waits for now (each game's own rule may add to the host's)."""
        return self.curtain_waits(busy)

    def actor_now(self, busy: bool) -> int | None:
        """The person whose controls (shared keys, mouse, the action bar) are live now."""
        return self.views.actor

    def applied(self, action: Action, events: Sequence[object], turn_before: int | None) -> None:
        """What an applied action means for the game's show (its events, holds, curtains, plans);
        turn_before: whose turn it was when the action was taken."""

    def bot_choice(self, seat: int) -> Action:
        """The seat's computer player's choice, asked with that seat's view only (each game's own
        players and views: TableFlow, DuelFlow)."""
        raise NotImplementedError

    def new_bot(self, seat: int, level: str, rng: random.Random) -> B:
        """A computer player of `level` for the seat (a stand-in), from game.bots' registry."""
        raise NotImplementedError

    def bot_action(self, action: Action) -> Action:
        """A computer player's choice as the game carries it out (normalised)."""
        return action

    def live(self, busy: bool) -> int | None:
        """The person whose controls are live now (None: nobody's); busy: the screen still shows
        something."""
        return None

    def step(self, dt: float, busy: bool, presses: Iterable[int]) -> None:
        """The game's own part of a frame of game time (after the clock moved)."""

    # -- time ------------------------------------------------------------------------------

    def advance(self, dt: float, busy: bool = False, presses: Iterable[int] = ()) -> None:
        """One frame of game time: the clock, the privacy guard's clock, the game's step, and
        whose controls are live afterwards."""
        self.clock += dt
        self.views.tick(dt)
        self.step(dt, busy, presses)
        self.views.set_actor(self.live(busy))

    @property
    def holding(self) -> bool:
        """True while a verdict is on screen and nothing may happen."""
        return self.clock < self.hold_until

    def hold_for(self, seconds: float) -> None:
        """Hold the game for `seconds` at the players' pace (a reveal, a Fakó turned up)."""
        self.hold_until = self.clock + seconds / self.pace

    def skip(self) -> None:
        """A click or key skips the verdict pause."""
        if self.holding:
            self.clock = self.hold_until

    # -- privacy ---------------------------------------------------------------------------

    def cover_all(self) -> None:
        """Every hand or cup goes back behind its curtain (an overlay opened, focus was lost)."""
        self.views.conceal_all()

    def may_act(self, seat: int, player: int | None) -> bool:
        """Whether a press (bound to player, or shared when None) may act for seat now."""
        return self.views.may_act(seat, self.views.by(seat, player))

    @property
    def turn(self) -> int | None:
        """The seat to act now (None: the game, or the duel's round, is over)."""
        return self.engine.turn  # (None once over: the engine contract)

    @property
    def screen_shared(self) -> bool:
        """Whether hands or cups hide behind curtains here: two people or more share the screen,
        or a phone seat is played here (the room around the screen watches it)."""
        return len(self.humans) >= 2 or bool(self.here)

    def curtain_waits(self, busy: bool = False) -> int | None:
        """The person the curtain waits for ("pass to Ana"), or None: only where the screen is
        shared, on a person's turn at the screen (a phone holds its own), until their own key
        lifts it; busy: the screen still shows something (no curtain over it)."""
        turn = self.turn
        if turn is None or busy or not self.screen_shared or turn not in self.humans or turn in self.phones:
            return None
        return None if self.views.is_open(turn) else turn

    def own_peek(self, seat: int, held: bool, busy: bool = False) -> bool:
        """A person presses (or lets go of) their own peek key; True when it lifted the curtain.

        On their turn behind the curtain it lifts the curtain until the turn passes, and once
        lifted it puts the curtain back; at any other time their hand or cup shows while the key
        is held. One private view at a time, never swapped away from the person looking: a press
        while somebody else's view is open waits, and says who must let go."""
        views = self.views
        if not held:
            views.conceal(seat, held_only=True)
            return False
        turn = self.turn
        if self.curtain_waits(busy) == seat:
            lifted = views.reveal(seat, By.OWN)
            if not lifted:
                self.say_waiting(seat)
            return lifted
        grant = views.open  # (is_open: this seat's grant)
        if grant is not None and views.is_open(seat) and seat == turn and not grant.held:
            views.conceal(seat)  # "your own peek key also puts your curtain back"
            return False
        if not views.reveal(seat, By.OWN, held=seat != turn or busy):
            self.say_waiting(seat)
        return False

    def let_go_unseen(self, is_down: Callable[[int], bool]) -> None:
        """Peek keys let go while another screen had the keys (their key-up went there): a held
        glance closes, and a person waiting with their key down waits no longer. is_down(seat):
        whether that person's own peek key is down now (the input layer's answer)."""
        views = self.views
        grant = views.open
        if grant is not None and grant.held and not is_down(grant.owner):
            self.own_peek(grant.owner, False)
        waiting = views.waiting
        if waiting is not None and waiting.held and not is_down(waiting.owner):
            views.conceal(waiting.owner, held_only=True)

    def say_waiting(self, seat: int) -> None:
        """Somebody else's view is open: say whose, and what they must do first."""
        grant = self.views.open
        if grant is None or seat not in self.humans or seat in self.phones or self.views.solo is not None:
            return
        holder, waiting = self.seats[grant.owner], self.seats[seat].name
        held, shown = self.waiting_words
        if grant.held:
            self.say(held, name=holder.name, peek=holder.peek_key or "?", waiting=waiting)
        else:
            self.say(shown, name=holder.name, waiting=waiting)

    # -- presses and the engine ------------------------------------------------------------

    def press(self, action: Action, by: By = By.SHARED) -> Pressed:
        """A person's press for `action.seat`: taken, or refused with the reason for whoever
        pressed to say (scenes: the television; phone links: that phone alone).

        by: whose press it was; nothing ever acts for a person who did not press a key of their
        own (a shared key only for the person whose own view is open). The engine is asked once: apply() when
        nothing of the host holds the press back, else refusal() (its reason comes first)."""
        if not self.views.may_act(action.seat, by):
            return SWALLOWED
        held = self.held_back(action)
        if held is not None:
            refusal = self.engine.refusal(action.seat, action)
            return Pressed(False, self.refusal_of(refusal, action.seat) if refusal else held)
        refused = self.act(action, say=False)
        return TAKEN if refused is None else Pressed(False, refused)

    def check(self, action: Action) -> Message | None:
        """Why a press of `action` would be refused now (None: taken): what press() would answer,
        asking the engine once (refusal) and trying nothing."""
        refusal = self.engine.refusal(action.seat, action)
        if refusal is not None:
            return self.refusal_of(refusal, action.seat)
        return self.held_back(action)

    def act(self, action: Action, say: bool = True) -> Message | None:
        """The one way into the engine, for people and computer players: an applied action is
        taped once, makes every plan stale, and is the game's to show (applied): None. A refusal
        comes back as the message about that seat (said on the screen too unless `say` is False)."""
        turn_before = self.engine.turn
        try:
            events = self.engine.apply(action)
        except IllegalAction as error:
            refused = self.refusal_of(Refusal.of(error), action.seat)
            if say:
                self.post(refused)
            return refused
        self._serial += 1
        self._plans.clear()
        if self.tape is not None:
            self.tape.note(action, self.clock)
        self.applied(action, events, turn_before)
        return None

    def refusal_of(self, refusal: Refusal, seat: int) -> Message:
        """The engine's reason as a message about the seat that pressed: its one sentence
        (refusal.<reason>, with a "you" form where the person is spoken to), the seats named."""
        return refusal_message(refusal.error(), self.names, seat)

    def tell(self, pressed: Pressed) -> Pressed:
        """Say a key's refused press on the screen (a phone's is said to its phone instead)."""
        if pressed.refusal is not None:
            self.post(pressed.refusal)
        return pressed

    # -- the moment ------------------------------------------------------------------------

    def moment(self, busy: bool = False, paused: bool = False) -> Moment[G]:
        """What is live now, frozen (scenes.play.moment): built once per update by the screen.
        A seat may press what the engine's legal_actions offer it while nothing holds the game
        (a verdict on screen, a show the presses wait for); an overlay on top (paused) is a fact
        of its own: the game below takes no press then, yet its frame shows what it would."""
        engine, views = self.engine, self.views
        still = busy or self.holding
        seats = []
        for seat in range(engine.players):
            view = engine.view(seat)
            kinds = self._kinds.get(seat)
            if kinds is None or kinds[0] is not view:  # (an engine keeps a view until it changes)
                kinds = self._kinds[seat] = (view, frozenset(kind_of(a) for a in engine.legal_actions(seat)))
            seats.append(
                SeatMoment(seat, view, frozenset() if still else kinds[1], views.why(seat) is not None)
            )
        return Moment(
            self.clock,
            engine.phase,
            engine.turn,
            engine.is_over,
            self.holding,
            busy,
            paused,
            self.curtain_now(busy),
            self.actor_now(busy),
            tuple(seats),
            self.own_moment(busy),
            frozenset(self.stand_ins),
            frozenset(self.here),
        )

    def say(self, key: str, about: int | None = None, **fmt: object) -> bool:
        """Say a message of the game (posted once); False, so a refusal can return it."""
        self.post(Message(key, tuple(fmt.items()), about))
        return False

    def begin(self, engine: E) -> None:
        """A game (or a duel's round) starts: the record begins it."""
        self.engine = engine
        if self.tape is not None:
            self.tape.begin(engine)

    # -- a phone seat whose phone is away ---------------------------------------------------

    def stand_in(self, seat: int, level: str, rng: random.Random) -> None:
        """A computer player of `level` (its own generator: rng) holds a phone seat until its
        phone is back (the room chose it): it plays from that seat's view like every computer
        player, only what the game waits for from the seat (its turns), never an optional
        challenge in the person's name."""
        if seat in self.phones and seat not in self.here:
            self.bots[seat] = self.new_bot(seat, level, rng)
            self.stand_ins.add(seat)
            self.stood_in(seat)

    def stood_in(self, seat: int) -> None:
        """A stand-in took the seat: the game's own part (the card table plans its turn)."""

    def stand_down(self, seat: int) -> None:
        """The phone is back: the seat's stand-in stops at once. This runs between two actions on
        the game's thread (never inside one), and whatever it planned is dropped."""
        if seat in self.stand_ins:
            self.stand_ins.discard(seat)
            self.bots.pop(seat, None)
            self._plans = [plan for plan in self._plans if plan.seat != seat]

    def play_here(self, seat: int) -> None:
        """A phone seat is played at the screen until its phone is back (the room chose it, the
        person took keys of their own): its hand or cup hides behind the curtain, as every
        person's here, and only its person's own keys lift it."""
        if seat in self.phones and seat not in self.stand_ins:
            self.here.add(seat)
            self.phones = tuple(s for s in self.phones if s != seat)
            self.views.play_here(seat)

    def back_on_phone(self, seat: int) -> None:
        """The phone is back: the seat is played there again, and nothing of it shows here."""
        if seat in self.here:
            self.here.discard(seat)
            self.phones = tuple(sorted({*self.phones, seat}))
            self.views.back_on_phone(seat)

    def bot_moves(self, seat: int) -> bool:
        """A computer player's planned move has come: it chooses from its own view only, and
        its action takes the path every action takes (act)."""
        return self.act(self.bot_action(self.bot_choice(seat))) is None
