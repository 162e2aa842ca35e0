"""TableScene: Bullets and Kamu at one table — people with their own keys, computer players, the reveal."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame

from bluffhouse.game.bots import make_bot
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import GameKind
from bluffhouse.game.table import Table
from bluffhouse.scenes.art.kinds import Wanted
from bluffhouse.scenes.art.wanted import felt_job
from bluffhouse.scenes.play.moment import Moment
from bluffhouse.scenes.play.scene import PlayScene
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.messages import GameLog, Message, Name, Named, Said, message, you_key
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.session import GameRecord, GameSetup
from bluffhouse.scenes.table.art_wanted import table_jobs
from bluffhouse.scenes.table.coach import Coach
from bluffhouse.scenes.table.controls import HandControls
from bluffhouse.scenes.table.flow import TableFlow, TableNow
from bluffhouse.scenes.table.frame import TableFrame, frame_of
from bluffhouse.scenes.table.fx import TableFx
from bluffhouse.scenes.table.hand import HandFan
from bluffhouse.scenes.table.layout import HAND_RECT, LOG_BUTTON, PHONE_TURN_RECT, anchor_seat, seat_places
from bluffhouse.scenes.table.paint import paint_table
from bluffhouse.scenes.table.phones import TablePhones
from bluffhouse.scenes.table.reveal_timing import DEMO_READ, READ
from bluffhouse.scenes.table.seats import bullet_slot, seat_colour
from bluffhouse.scenes.table.sprites import Shown
from bluffhouse.scenes.table.words import log_line
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.lang import t

DEMO_WINDOW = 1.2  # nobody needs a long window at a table of computer players
CELEBRATION = 1.6  # seconds of confetti before the results
SKIP_KINDS = ("confirm", "select", "click")


class TableScene(HandControls, PlayScene):
    """One game of Bullets or Kamu; for Kamu one round of a match (pass the match on)."""

    phone_turn_rect = PHONE_TURN_RECT  # where the hand would be
    phone_signs_at_edge = True
    flow: TableFlow
    phones: TablePhones
    moment: Moment[TableNow]
    frame: TableFrame

    def __init__(
        self,
        app,
        setup: GameSetup,
        match: CardMatch | None = None,
        *,
        table: Table | None = None,
        bots: dict | None = None,
    ) -> None:
        """Deal the match's next game; tests may give a known `table` and scripted `bots`."""
        super().__init__(app, setup)
        rules = setup.rules
        self.rules = rules
        if match is None or match.is_over:
            match = CardMatch(rules, seed=self.seed)
        self.match = match
        self.table = table if table is not None else match.new_game()
        self.game_number = match.games_played + 1
        seats = setup.seats
        self.bots = {
            s: make_bot(
                rules.game.value, spec.bot, s, random.Random(f"{self.seed}/bot/{s}/{self.game_number}")
            )
            for s, spec in enumerate(seats)
            if not spec.human
        }
        self.bots.update(bots or {})
        read = DEMO_READ if setup.demo else READ
        self.flow = TableFlow(
            self.table,
            seats,
            self.bots,
            random.Random(f"{self.seed}/flow/{self.game_number}"),
            DEMO_WINDOW if setup.demo else None,
            app.audit,
            app.records.tape_for(setup, match),
            read,
        )  # every game is remembered
        self.humans = self.flow.humans
        self.you = self.humans[0] if len(self.humans) == 1 else None
        self.anchor = anchor_seat(self.humans, rules.players)
        self.places = seat_places(rules.players, self.anchor)
        self.style = "hungarian" if rules.deck.value == "hungarian" else "french"
        table = self.table
        self.shown = Shown(
            table.pile_size,
            [table.hand_size(s) for s in range(rules.players)],
            [table.bullets(s) for s in range(rules.players)],
        )
        self.fx = TableFx(
            rules,
            self.names,
            self.places,
            app.sound,
            self.shown,
            lambda seat, i: bullet_slot(self.places[seat], i, rules.bullets_per_player),
            self.flow.shown_hand,
            self.you,
        )
        self.hand = HandFan()
        self.presses: list[int] = []
        # what happened, told when the log is drawn: in the language of the moment, with names now
        self.log = GameLog(
            lambda event: log_line(event, self.names, self.rules, self.you),
            context=lambda: (lang.version, tuple(self.names)),
        )
        self.log_open = False
        self.ticker_age = 0.0
        self.hot: str | None = None  # the button under the mouse
        self.recorded = False
        self.finished = False
        self.coach = Coach()  # the coach's line for a coached person whose hand shows
        self.said: set[Said] = set()  # the table's own toasts: dropped when the moment changes
        self.moment_seen = self._moment()
        self.fx.told = self._tell
        self.fx.read = read
        self.phones = TablePhones(app.phones, setup)  # each phone seat's own state out, presses in
        self._absorb()  # the deal starts at once
        self.take_moment(paused=False)
        self.frame = self.build_frame()

    # ------------------------------------------------------------------ who is who

    @property
    def toast_foot(self) -> int | None:
        """While a hand, a curtain or a phone seat's turn is where the hand goes, short messages
        rise from just above it, never over its cards or words."""
        phone_turn = self.frame.phones is not None and self.frame.phones.turn is not None
        below = phone_turn or self.flow.curtain_for() is not None or self.flow.shown_hand() is not None
        return HAND_RECT.top - 6 if below else None

    def phone_seat_rects(self) -> dict[int, pygame.Rect]:
        """Each seat's panel, as this frame lays the table out."""
        return {p.seat: p.rect for p, _ in self.frame.seats}

    def build_frame(self):
        """The table's frame (scenes/table/frame.py), from the moment and the table's show."""
        return frame_of(self, self.moment)

    @property
    def showing(self) -> bool:
        """The deal: presses wait for it (a reveal is the flow's hold)."""
        return self.fx.dealing

    def actor(self) -> int | None:
        """The person the mouse and the shared keys speak for: the only one, or the one whose
        own key lifted the curtain on their turn; None while the curtain is down."""
        return self.flow.actor()

    def title(self) -> str:
        """The top-left line: the game and, in Kamu, the round."""
        if self.setup.demo:
            return t("table.title.demo_game", game=t(f"table.title.{self.rules.game.value}"))
        if self.rules.game is GameKind.KAMU and self.rules.rounds > 1:
            return t("table.title.round", n=self.game_number, of=self.rules.rounds)
        return t(f"table.title.{self.rules.game.value}")

    # ------------------------------------------------------------------ input

    def art_wanted(self) -> Iterator[Wanted]:
        """The felt, then the table's art in the order play needs it."""
        yield felt_job()
        yield from table_jobs(self.rules, bool(self.humans), entering=True, names=tuple(self.names))

    def handle(self, intent: Intent) -> bool:
        """People's keys, the hand, the buttons; Esc pauses."""
        kind = intent.kind
        if self.setup.demo:
            return self._demo_input(intent)
        if self.phones.handle(self, intent):
            return True  # a phone's play or accept: its own press, through the same flow calls
        if kind == "back" and self.log_open:  # Esc closes the floating log first
            self.log_open = False
            self.app.sound.play("tick")
            return True
        if kind == "back":
            self.app.sound.play("tock")
            self.app.stack.push(open_scene("pause", self.app, self.rules.game.value))
            return True
        if kind == "challenge":
            if intent.player in self.humans:
                self.presses.append(intent.player)  # a key of their own: always theirs
            return True
        if kind in ("peek", "peek_end"):
            self._peek(intent.player, kind == "peek")
            return True
        if kind == "focus_lost":
            self.flow.cover_all()
            return False
        if kind == "motion" and intent.pos is not None:
            self._hover(intent.pos)
            return True
        if self._toggle_log(intent):
            return True
        if self.table.is_over:
            if kind in SKIP_KINDS and self.fx.celebration > 0.6:
                self._finish()
            return True
        if kind in SKIP_KINDS and self.fx.reading and self.flow.curtains:
            self.flow.views.quiet()  # the reveal is everybody's: one person's key never cuts it short
            return True
        if kind in SKIP_KINDS and (self.fx.dealing or self.flow.holding):
            self.fx.skip()  # a press that ends an animation only ends it
            self.flow.skip()
            self.flow.views.quiet()
            return True
        curtain = self.flow.curtain_for()
        if curtain is not None:
            hit = kind == "click" and HAND_RECT.collidepoint(intent.pos or (-1, -1))
            if kind in ("confirm", "select") or hit:
                self._curtain_refusal(curtain)  # shared keys and clicks never lift it
                return True
        actor = self.actor()
        if actor is None or not self.flow.may_act(actor, intent.player):
            return kind != "click"  # nobody's, or too soon after the hand-over: swallowed
        if kind == "click" and intent.pos is not None:
            return self._click(intent.pos, actor)
        return self._hand_keys(intent)

    def _curtain_refusal(self, seat: int) -> None:
        """Somebody pressed a shared key at the curtain: say whose key lifts it."""
        spec = self.setup.seats[seat]
        self._say(
            message("table.msg.curtain_own_key", name=Name(self.names, seat), peek=spec.peek_key or "?")
        )
        self.app.sound.play("tock", 0.5)

    def _demo_input(self, intent: Intent) -> bool:
        """The attract mode: Esc (or, when not started by --demo, any key or click) leaves."""
        leave = intent.kind == "back" or (
            not self.app.demo
            and intent.kind
            in (
                "confirm",
                "select",
                "click",
                "unbound_key",
                "log",
                "challenge",
                "digit",
                "left",
                "right",
                "up",
                "down",
            )
        )
        if leave:
            self.finished = True
            self.app.back_to_menu()
        return True

    def _peek(self, seat: int | None, held: bool) -> None:
        """A person's own peek key: lift their curtain, or glance at their cards while held."""
        if seat not in self.humans:
            return
        lifting = held and self.flow.curtain_for() == seat
        self.flow.peek(seat, held)
        if lifting and self.flow.curtain_for() is None:
            self.app.sound.play("flip")

    def _toggle_log(self, intent: Intent) -> bool:
        click = intent.kind == "click" and intent.pos is not None and LOG_BUTTON.collidepoint(intent.pos)
        if intent.kind in ("log", "tab") or click:
            self.log_open = not self.log_open
            self.app.sound.play("tick")
            return True
        return False

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        """Game time (faster in the demo): the flow, the animations, the end of the game."""
        game_dt = dt * self.speed
        self.keep_up()  # the host's: the pace, a peek key let go while another screen was on top
        self.time += dt
        presses, self.presses = self.presses, []
        if self.fx.dealing:
            self.flow.update(0.0, presses, busy=True)  # only to answer the presses
        elif not self.table.is_over or presses:
            self.flow.update(game_dt, presses, busy=self.fx.reveal is not None)
        self.away.tick(self, 0.0 if self.fx.dealing else game_dt)  # a phone gone while the table waits on it
        self.fx.update(game_dt * self.flow.pace)
        self._drop_stale_toasts()
        self._absorb()
        owner = self.flow.shown_hand()
        if owner is not None:
            cards = self.table.view(owner).hand
            # The fan changes when the table shows it: while a picked-up pile is still in the
            # air (the reveal, the LIE stamp) the hand keeps the cards the seat's count shows.
            waiting = owner == self.hand.owner and self.fx.busy and len(cards) != self.shown.hands[owner]
            if not waiting:
                self.hand.sync(owner, cards)
        else:
            self.hand.sync(None, ())
        self.hand.update(dt)
        self.ticker_age += dt
        quiet = (
            owner is None
            or not self.setup.seats[owner].coach
            or self.fx.reveal is not None
            or self.flow.holding
            or not self.table.window_open
        )
        self.coach.update(None if quiet or owner is None else self.table.view(owner), self.names)
        self._check_end()
        self.show_frame()

    def _absorb(self) -> None:
        events = self.flow.drain_events()
        if events:
            self.fx.on_events(events)
        for told in self.flow.drain_messages():
            self.phones.told(told)
            about = (
                told.about
                if told.about is not None
                else next(
                    (seat for seat, name in enumerate(self.names) if told.fields.get("name") == name), None
                )
            )
            mine = self.you is not None and about == self.you
            self._say(Named(Message(you_key(told.key, mine), told.fmt, told.about), self.names))

    def _say(self, words: Said) -> None:
        """A toast about the play now ("It is Dani's turn"): it goes when the turn changes."""
        self.said.add(words)
        self.app.toast(words)

    def _moment(self) -> object:
        """What the table's toasts are about: whose turn it is and whether a reveal holds the table.
        Until a challenge's verdict is shown it is only "the moment of truth", whoever plays next."""
        if self.table.is_over:
            return None
        if self.flow.holding and (self.flow.truth_pending or not self.fx.verdict_shown):
            return "truth"
        # (a curtain lifted is a new moment too: "only Zsófi's key lifts it" no longer holds)
        return self.table.turn, self.flow.holding, self.flow.curtain_for() is None

    def _drop_stale_toasts(self) -> None:
        """A new turn, a challenge or the end of its reveal: the table's earlier messages no longer
        hold, so they leave the screen. At a challenge they all go, whatever the verdict (a toast
        kept or dropped then would tell whether the turn changed hands before the cards turn)."""
        moment = self._moment()
        if moment == self.moment_seen:
            return
        self.moment_seen = moment
        if self.said:
            self.app.toasts[:] = [toast for toast in self.app.toasts if toast.words not in self.said]
            self.said.clear()

    def _tell(self, event) -> None:
        """A line of the game log, written when the table shows the event (no spoilers)."""
        seat = getattr(event, "challenger", getattr(event, "seat", None))
        colour = seat_colour(seat) if seat is not None else (214, 178, 92)
        if self.log.add(event, colour):
            self.ticker_age = 0.0

    def _check_end(self) -> None:
        if not self.table.is_over:
            return
        if not self.recorded:
            self.recorded = True
            self.app.games_finished += 1
            self.match.record(self.table)
            # The results screen tells everybody the whole truth: computer players that read
            # people keep it for the match's next game (they sit at it again: GameRecord.bots).
            for seat, bot in self.bots.items():
                if hasattr(bot, "remember"):
                    bot.remember(self.table.view(seat), self.flow.truth)
        if self.fx.winner is None and not self.fx.busy:
            self.fx.winner = self.table.winner
        if self.fx.winner is not None and self.fx.celebration >= CELEBRATION:
            self._finish()

    def _finish(self) -> None:
        """Off to the results (the demo deals its next game instead)."""
        if self.finished:
            return
        self.finished = True
        # The players that read people sit at the match's next game again (the others start
        # each game afresh, as they always did).
        # (a computer player holding an away phone's seat is not: the seat is its phone's again)
        keep = {
            seat: bot
            for seat, bot in self.bots.items()
            if hasattr(bot, "remember") and seat not in self.flow.stand_ins
        }
        record = GameRecord(self.setup, self.match, self.table, self.flow.truth, self.flow.stats, keep)
        self.record = record
        # The demo's results screen deals the next demo game by itself after a few seconds.
        self.app.stack.replace(open_scene("card_results", self.app, record))

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table (see scenes.table.paint)."""
        paint_table(self.frame, surface)
