"""DuelScene: the Liar's Dice duel on screen, round after round until the match is won."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame

from bluffhouse.game.bots import make_bot
from bluffhouse.game.duel import Duel, DuelView, Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.scenes.art.kinds import Wanted
from bluffhouse.scenes.art.wanted import badges, felt_job
from bluffhouse.scenes.duel.art_wanted import DUEL_BADGE, duel_jobs
from bluffhouse.scenes.duel.controls import Command, Controls
from bluffhouse.scenes.duel.flow import DuelFlow, DuelNow
from bluffhouse.scenes.duel.frame import DuelFacts, DuelFrame, StageLook
from bluffhouse.scenes.duel.paint import PHONE_SEAT_RECTS, PHONE_TURN_RECT, DuelPainter
from bluffhouse.scenes.duel.phones import DuelPhones
from bluffhouse.scenes.duel.stage import Stage
from bluffhouse.scenes.play.moment import Moment, Pressed
from bluffhouse.scenes.play.scene import PlayScene
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.messages import Name, Named, message
from bluffhouse.scenes.shell.privacy import By, PrivateViews
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.lang import percent, t
from bluffhouse.scenes.ui.names import badge_letters

DEMO_NEXT_ROUND = 3.0  # the attract mode moves on by itself
READ = 3.5  # seconds the challenged cup stays in view before two people's shared keys move on
TOAST_TOP = 6  # over the scoreboard, clear of the builder and the claims in the middle
DEMO_LEAVE = frozenset(
    {"confirm", "select", "click", "unbound_key", "log", "challenge", "digit", "left", "right", "up", "down"}
)
# Intents that never skip an animation (only a deliberate press or click does).
NO_SKIP = frozenset(
    {
        "motion",
        "wheel",
        "peek",
        "peek_end",
        "focus_lost",
        "pad_added",
        "pad_removed",
        "click_end",
        "capture",
        "text",
        "mute",
        "fullscreen",
    }
)


def coach_lines(advice, names: list[str], seat: int) -> list[str] | None:
    """The coach's two short lines from its numbers (before any claim it has nothing to add)."""
    if advice is None or advice.kind != "reach":
        return None
    numbers, other = advice.numbers, names[1 - seat]
    true = percent(100 * numbers["claim_true"])
    if numbers["target"] is None:
        return [t("duel.coach.forced"), t("duel.coach.true", name=other, percent=true)]
    reach = t("duel.coach.reach", percent=percent(100 * numbers["reach"]), n=numbers["rerolls"])
    return [reach, t("duel.coach.true", name=other, percent=true)]


class DuelScene(PlayScene):
    """Two cups on the felt: the opening, rerolls, propositions, the challenge, the score.

    The DuelFlow plays the match in time; this screen turns intents into calls on it, shows
    what it drains beat by beat on the Stage, and says its messages.
    """

    phone_turn_rect = PHONE_TURN_RECT  # in the middle of the action bar
    flow: DuelFlow
    phones: DuelPhones
    moment: Moment[DuelNow]
    frame: DuelFrame

    def __init__(self, app, setup, match: DuelMatch | None = None) -> None:
        """setup: a scenes.shell.session.GameSetup with duel rules and two seats; match for tests."""
        super().__init__(app, setup)
        seed = self.seed
        match = match if match is not None else DuelMatch(setup.rules, seed)
        self.demo = bool(setup.demo)
        humans = [] if self.demo else [s for s, spec in enumerate(setup.seats) if spec.human]
        # Each stream of chance has its own generator, derived from the seed: the dice (in the
        # match), each computer player's choices and the think times never share one.
        bots = {
            s: make_bot("duel", spec.bot, s, random.Random(f"{seed}/duel/bot/{s}"))
            for s, spec in enumerate(setup.seats)
            if s not in humans
        }
        self.flow = DuelFlow(
            match,
            setup.seats,
            bots,
            random.Random(f"{seed}/duel/timing"),
            app.audit,
            self.demo,
            app.records.tape_for(setup, match),
        )
        self.stage = Stage(self.names, app.sound.play, setup.you)
        taken = {s.code for s in app.input.bindings if s.device == "key"}
        self.controls = Controls(taken, app.sound.play, app.toast, self.flow.may_act)
        self.painter = DuelPainter()
        self.phones = DuelPhones(app.phones, setup)  # each phone seat's own dice out, presses in
        self.auto_next: float | None = None
        # the acting person's view the coach speaks about (None: quiet)
        self._coach_view: DuelView | None = None
        self._coach_said: tuple[int, list[str] | None] | None = None  # (language version, lines)
        self.absorb()
        self.take_moment(paused=False)
        self.frame = self.build_frame()

    # -- what the screen is waiting for (the flow knows; the show may still be playing) ----

    @property
    def duel(self) -> Duel:
        """The round being played."""
        return self.flow.duel

    @property
    def match(self) -> DuelMatch:
        """The match so far."""
        return self.flow.match

    @property
    def humans(self) -> list[int]:
        """Seats played by people (none in the attract mode)."""
        return self.flow.humans

    @property
    def bots(self) -> dict:
        """seat -> computer player."""
        return self.flow.bots

    @property
    def rng(self) -> random.Random:
        """The think times' own generator."""
        return self.flow.rng

    @property
    def views(self) -> PrivateViews:
        """Whose dice may be face up now."""
        return self.flow.views

    @property
    def finished(self) -> bool:
        """The match is won (the results screen comes next)."""
        return self.flow.finished

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return self.flow.round_number

    @property
    def two_people(self) -> bool:
        """Two people share the screen: a curtain between turns."""
        return self.flow.two_people

    @property
    def curtain_for(self) -> int | None:
        """The person the curtain waits for ("pass to Ben"), or None."""
        return self.flow.curtain_for(self.stage.busy)

    @property
    def acting(self) -> int | None:
        """The person who may use the action bar now, or None."""
        return self.flow.acting(self.stage.busy)

    @property
    def thinking(self) -> int | None:
        """The computer player thinking now, or None."""
        return self.flow.thinking

    @property
    def uncovered(self) -> int | None:
        """With two people: whose curtain their own key has lifted this turn, if anybody's."""
        return self.flow.uncovered

    @property
    def toast_top(self) -> int | None:
        """Short messages go at the top: the foot of the duel is its action bar and builder."""
        return TOAST_TOP

    def phone_seat_rects(self) -> dict[int, pygame.Rect]:
        """The two seats' places (the duel's layout does not move)."""
        return PHONE_SEAT_RECTS

    def dice_visible(self, seat: int) -> bool:
        """Whether the faces under `seat`'s cup are on screen now (the frame decided it)."""
        return self.frame.stage.show.seats[seat].dice is not None

    # -- the flow's news -------------------------------------------------------------------

    def absorb(self) -> None:
        """Stage what the flow did; say what it said."""
        for staged in self.flow.drain_staged():
            if staged.new_round:
                self.stage = Stage(self.names, self.app.sound.play, self.setup.you)
                for seat in (0, 1):
                    self.stage.show.seats[seat].score = self.match.scores[seat]
                self.auto_next = None
                self.controls.new_turn()
                self.stage.play(staged.events, dice=staged.dice)
                continue
            turn_before = self.controls.duel.turn if self.controls.duel else None
            self.stage.play(
                list(staged.events),
                positions=staged.positions,
                dice=staged.dice,
                claim=staged.claim,
                match_over=staged.match_over,
            )
            if staged.match_over:
                self.app.games_finished += 1  # one per finished match
            if self.duel.turn != turn_before:
                self.controls.new_turn()
        for told in self.flow.drain_messages():
            self.phones.told(told)
            self.app.toast(Named(told, self.names))  # told in the language of the moment
            self.app.sound.play("tock")

    def next_round(self) -> None:
        """After a round: the next one, or the results once the match is won."""
        if self.duel.phase is not Phase.OVER or self.stage.busy:
            return
        self.app.sound.play("deal")
        if self.flow.next_round() == "results":
            self.app.stack.replace(open_scene("duel_results", self.app, self.setup, self.match))
        self.absorb()

    def peek(self, player: int | None, held: bool) -> None:
        """A person's own peek key: lift the curtain on their turn, or glance while it is held."""
        if self.flow.peek(player, held, self.stage.busy):
            self.app.sound.play("flip")
            self.controls.new_turn()

    def curtain_refusal(self) -> None:
        """A shared key or a click at the curtain: say whose own key lifts it."""
        seat = self.curtain_for
        if seat is None:
            return
        spec = self.setup.seats[seat]
        self.app.toast(
            message("duel.toast.curtain_own_key", name=Name(self.names, seat), peek=spec.peek_key or "?")
        )
        self.app.sound.play("tock", 0.5)

    def declare(self, seat: int, mood, by: By = By.SHARED) -> bool:
        """Say satisfied / not satisfied / all the same."""
        return self._did(self.flow.declare(seat, mood, by))

    def reroll(self, seat: int, keep, by: By = By.SHARED) -> bool:
        """Reroll every die not kept."""
        return self._did(self.flow.reroll(seat, keep, by))

    def propose(self, seat: int, dice, by: By = By.SHARED) -> bool:
        """Announce a value for one's dice."""
        return self._did(self.flow.propose(seat, dice, by))

    def challenge(self, seat: int, by: By = By.SHARED) -> bool:
        """Call the last proposition a lie."""
        return self._did(self.flow.challenge(seat, by))

    def _did(self, pressed: Pressed) -> bool:
        """A key's press is done, or its refusal is said on the screen; the TV shows it now."""
        self.flow.tell(pressed)
        self.absorb()
        return pressed.done

    # -- intents ---------------------------------------------------------------------------

    def art_wanted(self) -> Iterator[Wanted]:
        """The felt, the cup and the dice, the badges."""
        yield felt_job()
        yield from duel_jobs()
        yield from badges(self.names, DUEL_BADGE, badge_letters)

    def handle(self, intent: Intent) -> bool:
        """Esc pauses; a key or click skips animations; the rest goes to the controls."""
        kind = intent.kind
        if self.demo:
            # The attract mode: Esc (or, unless started by --demo, any key or click) leaves.
            if kind == "back" or (not self.app.demo and kind in DEMO_LEAVE):
                self.app.back_to_menu()
            return True
        if self.phones.handle(self, intent):
            return True  # a phone's press: its own, never a skip of the show
        if kind == "back":
            self.app.stack.push(open_scene("pause", self.app, "duel"))
            return True
        if kind in ("peek", "peek_end"):
            self.peek(intent.player, kind == "peek")
            return True
        if kind == "focus_lost":
            self.flow.cover_all()
            return False
        if kind not in NO_SKIP and self.two_people and self.stage.reading(READ):
            self.views.quiet()  # the lifted cup is everybody's: one person's key never hurries it
            return True
        if kind not in NO_SKIP and self.stage.busy:
            self.stage.skip()  # a press that ends an animation only ends it
            self.views.quiet()
            return True
        if kind == "challenge":
            return self.challenge_key(intent.player)
        self._sync_controls()
        used, command = self.controls.handle(intent)
        if command is not None:
            self._carry_out(command)
        return used

    def _carry_out(self, command: Command) -> None:
        """Do what a press on the action bar asked for."""
        kind, seat = command.kind, command.seat
        if kind == "next_round":
            self.next_round()
        elif kind == "curtain":
            self.curtain_refusal()
        elif seat is not None:  # (every command but those two is a seat's)
            by = self.views.by(seat, command.player)
            if kind == "declare":
                self.declare(seat, command.value, by)
            elif kind == "reroll":
                self.reroll(seat, command.value, by)
            elif kind == "propose":
                self.propose(seat, command.value, by)
            else:
                self.challenge(seat, by)

    def _sync_controls(self) -> None:
        """The action bar's view of the round: the facts, who acts, their own dice."""
        acting = self.acting
        dice = self.duel.dice(acting) if acting is not None else None
        self.controls.update(DuelFacts.of(self.duel), acting, self.curtain_for, dice, self.time)

    def challenge_key(self, player: int | None) -> bool:
        """A person pressed their own challenge key (the engine says whether it may)."""
        if player not in self.humans or self.duel.phase is Phase.OVER:
            return False
        self.challenge(player, By.OWN)
        return True

    # -- time --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Play the beats; let computer players think and act; the demo moves on."""
        dt *= self.speed
        self.time += dt
        self.keep_up()  # the host's: the pace, a peek key let go while another screen was on top
        self.stage.update(dt * self.flow.pace)
        self.flow.update(dt, self.stage.busy)
        self.away.tick(self, dt)  # a phone gone while the duel waits on it
        self.absorb()
        self._sync_controls()
        self._update_coach()
        if not self.stage.busy and self.duel.phase is Phase.OVER and self.demo:
            self.auto_next = DEMO_NEXT_ROUND if self.auto_next is None else self.auto_next - dt
            if self.auto_next <= 0:
                self.next_round()
        self.show_frame()

    @property
    def showing(self) -> bool:
        """A beat of the show plays: presses wait for it."""
        return self.stage.busy

    def build_frame(self) -> DuelFrame:
        """What the painters draw this frame, copied once per update from the moment (what is
        live) and the screen's own show (the stage, the action bar, the coach)."""
        moment: Moment[DuelNow] = self.moment
        now, match = moment.game, self.match
        coach = tuple(self.coach_text) if self.coach_text else None
        curtain = moment.curtain
        return DuelFrame(
            self.time,
            tuple(self.names),
            self.setup.you,
            tuple(self.setup.seats),
            self.demo,
            now.two_people,
            tuple(self.humans),
            now.facts,
            StageLook.of(self.stage, self.views),
            now.round_number,
            match.rules.points_to_win,
            match.rules.opening.value,
            tuple(match.scores),
            now.match_over,
            match.winner,
            moment.actor,
            curtain,
            now.thinking,
            coach,
            self.controls.look(),
            self.phones.look(moment) if not self.demo else None,
            curtain_again=curtain is not None and now.closed_on == curtain,
        )

    def _update_coach(self) -> None:
        """The coach reasons on the acting person's own view only, and only if they asked."""
        seat = self.acting
        view = None if seat is None or not self.setup.seats[seat].coach else self.duel.view(seat)
        if view != self._coach_view:
            self._coach_view, self._coach_said = view, None

    @property
    def coach_text(self) -> list[str] | None:
        """The coach's lines for the person acting now, in the current language (None: quiet)."""
        view = self._coach_view
        if view is None:
            return None
        if self._coach_said is None or self._coach_said[0] != lang.version:
            from bluffhouse.game.coach import (
                duel_advice,  # only for a coached person (the warm-up imports it)
            )

            lines = coach_lines(duel_advice(view), self.names, view.seat)
            self._coach_said = (lang.version, lines)
        return self._coach_said[1]

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the cups, the claim, the action bar (and the curtain), from the frame."""
        self.painter.draw(surface, self.frame)
