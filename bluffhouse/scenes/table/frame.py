"""What one frame of the card table shows: a frozen snapshot built once per update (no drawing).

frame_of(scene, moment) decides what is on screen — whose turn the plaque names, which buttons
are live, whether a curtain is down, whose cards a peek shows — from the moment (what is live
in the game: scenes.play.moment, TableNow) and the screen's own show (its animations, seat
places, log, hand fan, the button under the mouse); the painter (scenes.table.paint) only
draws a TableFrame. A frame is a player view: it holds a hand's faces (the fan, a peek) only as
far as the privacy model lets the people watching see them now (scenes.table.hand.seen, which
records the audit), so privacy is tested on frames without painting. Animated sprites (cards in
the air, the reveal, bullets, banners) are passed as the objects that carry their own motion;
everything else is copied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

import pygame

from bluffhouse.game.quick import quick_init
from bluffhouse.game.table_view import TableView
from bluffhouse.scenes.play.moment import Moment
from bluffhouse.scenes.play.phones import PhonesLook
from bluffhouse.scenes.table.fx import TableFx
from bluffhouse.scenes.table.hand import FanLook, seen
from bluffhouse.scenes.table.layout import LOG_BUTTON, SeatPlace
from bluffhouse.scenes.table.seats import SeatLook, seat_colour
from bluffhouse.scenes.table.sprites import Bullet, Flyer, Note, Reveal
from bluffhouse.scenes.table.words import rank_symbol, rank_word, speech
from bluffhouse.scenes.ui.lang import decimal, t, you_text

if TYPE_CHECKING:
    from bluffhouse.scenes.table.flow import TableNow

TICKER_BAND = pygame.Rect(0, 14, 1280, 36)  # the ticker's row: it stops short of any seat in it
TRUTH_COLOUR = (214, 178, 92)  # the curtain's mark while a verdict is on its way: nobody's colour


@quick_init
@dataclass(frozen=True, slots=True)
class Plaque:
    """Below the pile: whose turn it is and the rank they must call (or what they must answer)."""

    who: str
    colour: tuple[int, int, int]
    rank_words: str
    symbol: str
    note: str | None
    label: str = ""  # "CALL", or what the turn must answer instead


@quick_init
@dataclass(frozen=True, slots=True)
class Bubble:
    """Words beside a seat: a call (with the challenge window draining under it), a doubt…"""

    place: SeatPlace
    text: str
    kind: str
    alpha: float
    progress: float | None = None
    bar: bool = False
    caption: str | None = None  # under a call once the minimum window is over: "open until Ben plays"


@dataclass(frozen=True, slots=True)
class Curtain:
    """The velvet over the hand while it waits for its owner's own key."""

    title: str
    line: str
    note: str
    colour: tuple[int, int, int]


@quick_init
@dataclass(frozen=True, slots=True)
class ButtonLook:
    """One of the table's two buttons."""

    label: str
    key: str | None
    state: str  # "go" | "danger" | "held" (chosen, waiting for the window) | "locked" | "off"
    progress: float = 1.0
    hot: bool = False


@dataclass(frozen=True, slots=True)
class Peek:
    """A person holding their own peek key away from their turn: their cards by their seat."""

    place: SeatPlace
    cards: tuple  # as seen(): a Card, or None for a back
    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class TableFrame:
    """Everything the card table's painter draws in one frame."""

    time: float
    style: str  # "french" | "hungarian"
    title: str
    log_open: bool
    log_hot: bool
    log: tuple[tuple[str, tuple[int, int, int]], ...]
    ticker: tuple[str, tuple[int, int, int], float, int, int] | None  # text, colour, alpha, left edge, lines
    pile: int
    set_aside: int
    plaque: Plaque | None
    seats: tuple[tuple[SeatPlace, SeatLook], ...]
    bubbles: tuple[Bubble, ...]
    flyers: tuple[Flyer, ...]
    reveal: tuple[Reveal, str] | None  # the Reveal sprite and the challenged call in words
    bullets: tuple[Bullet, ...]
    demo_hint: str | None  # the attract mode's sign where a hand would be
    curtain: Curtain | None
    hand_label: tuple[str, tuple[int, int, int]] | None
    hand: FanLook | None  # the fan, its faces as the privacy model lets them be seen
    play_button: ButtonLook | None
    challenge_button: ButtonLook | None
    legend: tuple[tuple[str, str], ...]
    coach: str | None
    peek: Peek | None
    banners: tuple[Note, ...]
    celebration: tuple[TableFx, str, SeatPlace] | None  # the fx, the words, the winner's place
    phones: PhonesLook | None = None  # phone seats and their links


TableMoment: TypeAlias = "Moment[TableNow]"  # the card table's moment (TableNow: its own part)


def verdict_pending(scene, moment: TableMoment) -> bool:
    """From a challenge until its cards are up and its verdict shown: the engine already knows
    who won and who plays next, the screen must not tell it yet (no name, no turn, no button)."""
    return moment.game.truth_pending or not scene.fx.verdict_shown


def view_of(moment: TableMoment, seat: int) -> TableView:
    """That seat's view, as the moment holds it."""
    view = moment.seat(seat).view
    assert isinstance(view, TableView)
    return view


def frame_of(scene, moment: TableMoment | None = None) -> TableFrame:
    """The frame of a TableScene at this moment (read only: it changes nothing; None: the
    moment now, as the flow tells it)."""
    if moment is None:
        moment = scene.flow.moment(busy=scene.showing)
    fx, now = scene.fx, moment.game
    over, demo = moment.over, scene.setup.demo
    pending = verdict_pending(scene, moment)
    ticker = None
    if not scene.log_open and scene.log and not demo:
        text, colour = scene.log.last()
        left = max(
            [
                p.rect.right + 12
                for p in scene.places
                if p.rect.colliderect(TICKER_BAND) and p.rect.right < LOG_BUTTON.x
            ]
            + [240]
        )
        third = pygame.Rect(left, TICKER_BAND.bottom, LOG_BUTTON.x - left, 46)  # a long language's third line
        most = 2 if any(p.rect.colliderect(third) for p in scene.places) else 3
        ticker = (text, colour, max(0.0, min(1.0, (8.0 - scene.ticker_age) / 0.5)), left, most)
    reveal = None
    if fx.reveal is not None:
        last = now.last_call
        words = (
            speech(scene.names[last.seat], scene.rules, last.count, last.rank, last.seat == scene.you)
            if last
            else ""
        )
        reveal = (fx.reveal, words)
    peeking = now.peeking
    peek = None
    if peeking is not None:
        cards = seen(view_of(moment, peeking).hand, peeking, scene.flow.views)
        peek = Peek(scene.places[peeking], cards, peeking)
    celebration = None
    if fx.winner is not None:
        winner = fx.winner
        you = winner in scene.humans and len(scene.humans) == 1
        if scene.rules.rounds > 1:  # a round of a match is won, not the match
            n = scene.game_number
            text = you_text("table.banner.wins_round", you, name=scene.names[winner], n=n)
        else:
            text = t("table.banner.you_win") if you else t("table.banner.wins", name=scene.names[winner])
        celebration = (fx, text, scene.places[winner])
    quiet = fx.reveal is not None or fx.dealing or over or pending
    plaque = _plaque(scene, moment) if not quiet else None
    bottom = _bottom(scene, moment, pending) if not demo and not fx.dealing else {}
    return TableFrame(
        time=scene.time,
        style=scene.style,
        title=scene.title(),
        log_open=scene.log_open,
        log_hot=scene.hot == "log",
        log=tuple(scene.log.lines()) if scene.log_open else (),
        ticker=ticker,
        pile=scene.shown.pile,
        set_aside=scene.shown.set_aside,
        plaque=plaque,
        seats=tuple((place, _look(scene, moment, place.seat, pending)) for place in scene.places),
        bubbles=_bubbles(scene, moment),
        flyers=tuple(fx.flying()),
        reveal=reveal,
        bullets=tuple(fx.bullets),
        demo_hint=t("table.demo.hint_esc" if scene.app.demo else "table.demo.hint") if demo else None,
        coach=scene.coach.text,
        peek=peek,
        banners=tuple(note for note in fx.notes if note.kind in ("banner", "lead") and note.alpha > 0),
        celebration=celebration,
        curtain=bottom.get("curtain"),
        hand_label=bottom.get("hand_label"),
        hand=bottom.get("hand"),
        play_button=bottom.get("play"),
        challenge_button=bottom.get("challenge"),
        legend=bottom.get("legend", ()),
        phones=scene.phones.look(moment) if not demo else None,
    )


def _look(scene, moment: TableMoment, seat: int, pending: bool) -> SeatLook:
    shown = scene.shown
    spec = scene.setup.seats[seat]
    kamu_points = (
        scene.match.scores[seat] if not scene.rules.uses_bullets and scene.rules.rounds > 1 else None
    )
    live = (pending or not moment.over) and not scene.fx.dealing  # (an ending not told yet)
    return SeatLook(
        seat=seat,
        name=spec.name,
        human=spec.human,
        you=spec.human and len(scene.humans) == 1,
        cards=shown.hands[seat],
        bullets=shown.bullets[seat],
        bullets_per=scene.rules.bullets_per_player,
        bullet_out=seat in shown.out,
        key=spec.challenge_key if spec.human else None,
        key_lit=spec.human and moment.seat(seat).may("challenge") and not pending,
        turn=live and moment.turn == seat and scene.fx.reveal is None and not pending,
        winner=scene.fx.winner == seat,
        style=scene.style,
        score=kamu_points,
        emptied=shown.hands[seat] == 0 and live,
    )


def _plaque(scene, moment: TableMoment) -> Plaque:
    now, turn = moment.game, moment.turn
    assert turn is not None, "a plaque is drawn only while the game is on"  # (the turn is None once over)
    you = len(scene.humans) == 1 and turn in scene.humans
    who = t("table.your_turn") if you else t("table.to_play", name=scene.names[turn])
    if now.must_answer and now.last_call is not None:  # nobody may play: the turn only answers
        caller = now.last_call.seat
        note = you_text(
            "table.must_answer", caller == scene.you, name=scene.names[caller], turn=scene.names[turn]
        )
        return Plaque(who, seat_colour(turn), t("table.answer_word"), "", note, t("table.answer_label"))
    return Plaque(
        who,
        seat_colour(turn),
        rank_word(scene.rules, now.rank),
        rank_symbol(scene.rules, now.rank),
        None,
        t("table.call_label"),
    )


def _bubbles(scene, moment: TableMoment) -> tuple[Bubble, ...]:
    fx, now = scene.fx, moment.game
    out = []
    note = fx.call_note
    if note is not None and note.seat is not None:
        bar = now.window_open and note.alpha > 0
        words = _window_words(scene, moment) if bar else None
        place = scene.places[note.seat]
        out.append(Bubble(place, note.text, "call", note.alpha, now.window_progress, bar, words))
    for note in fx.notes:  # (a note still waiting for its moment is not seen: not in the frame)
        if note.seat is not None and note.kind not in ("banner", "lead") and note.alpha > 0:
            out.append(Bubble(scene.places[note.seat], note.text, note.kind, note.alpha))
    return tuple(out)


def _window_words(scene, moment: TableMoment) -> str | None:
    """The truth about the challenge window once its minimum has run: it stays open until the
    next player plays (or answers a hand-emptying call); None while the minimum still drains."""
    now = moment.game
    if now.window_wait > 0 or moment.holding or moment.over:
        return None
    key = "table.window.until_answer" if now.must_answer else "table.window.until"
    return you_text(key, moment.turn == scene.you, name=scene.names[moment.turn])


def _bottom(scene, moment: TableMoment, pending: bool) -> dict:
    """The hand (or the curtain), the buttons and the key hints."""
    now = moment.game
    out: dict = {}
    if now.curtains and pending:
        # The moment of truth: the same velvet whoever won, no name until the verdict is shown.
        out["curtain"] = Curtain(t("table.curtain.truth"), t("table.curtain.truth_line"), "", TRUTH_COLOUR)
        return out
    curtain = moment.curtain
    if curtain is not None:
        spec = scene.setup.seats[curtain]
        press = "table.curtain.after_reveal" if moment.holding else "table.curtain.press"
        out["curtain"] = Curtain(
            t("table.curtain.pass", name=spec.name),
            t(press, name=spec.name, peek=spec.peek_key or "?"),
            t("table.curtain.only_own", name=spec.name),
            seat_colour(curtain),
        )
    owner = now.shown_hand
    if owner is not None:
        if len(scene.humans) > 1:
            out["hand_label"] = (t("table.hand_of", name=scene.names[owner]), seat_colour(owner))
        out["hand"] = scene.hand.look(scene.flow.views)
    # (before the verdict the buttons stay with the one person at the table, even if it ended it)
    actor = now.solo if pending else moment.actor
    if actor is None or (moment.over and not pending):
        return out
    key = scene.setup.seats[actor].challenge_key
    can = moment.seat(actor).may("challenge") and not pending
    word = "table.button.challenge.kamu" if scene.rules.game.value == "kamu" else "table.button.challenge"
    out["challenge"] = ButtonLook(t(word), key, "danger" if can else "off", hot=scene.hot == "challenge")
    if owner != actor:
        return out
    # One answer to "what do Enter and the hand keys do now" for the button and the key help:
    # while a verdict is on screen (its stamp landed, the hold still running) a press only ends
    # the show, so neither offers a play (issue 23: the help said "Enter play" under the stamp).
    showing = pending or moment.holding or scene.fx.reveal is not None
    if pending:  # the same whatever the verdict: who plays next is not known yet
        out["play"] = ButtonLook(t("table.msg.wait_verdict"), "Enter", "off", hot=scene.hot == "play")
    else:
        out["play"] = _play_button(scene, moment, actor, showing)
    out["legend"] = _legend(moment, actor, key if can else None, showing)
    return out


def _legend(moment: TableMoment, actor: int, key: str | None, showing: bool) -> tuple[tuple[str, str], ...]:
    """The key help: what the person at the hand may press now (the moment's presses: the
    engine's legal actions, not rules written out here); while a verdict is on screen only what
    stays true whatever it is. key: their challenge key when the challenge button is live."""
    mine = not showing and moment.turn == actor
    may_play = mine and moment.seat(actor).may("play")
    may_accept = mine and not may_play and moment.seat(actor).may("accept")
    hints = []
    if may_play or not (showing or mine):  # cards may be picked ahead of the turn too
        hints += [
            ("←→", t("table.hint.choose")),
            ("Space", t("table.hint.pick")),
            ("1–4", t("table.hint.count")),
        ]
    if may_play:
        hints.append(("Enter", t("table.hint.play")))
    elif may_accept:
        hints.append(("Enter", t("table.hint.accept")))
    if key:
        hints.append((key, t("table.hint.challenge")))
    hints += [("L", t("table.hint.log")), ("Esc", t("table.hint.pause"))]
    return tuple(hints)


def _play_button(scene, moment: TableMoment, actor: int, showing: bool) -> ButtonLook:
    now, turn = moment.game, moment.turn
    if turn != actor or showing:  # the table has not shown the turn yet
        label = (
            t("table.button.not_turn", name=scene.names[turn])
            if turn != actor
            else t("table.button.wait_reveal")
        )  # (the verdict is told: its cards are still on show)
        return ButtonLook(label, "Enter", "off", hot=scene.hot == "play")
    wait = now.wait_left
    held = now.held
    if held is not None and held.seat == actor and wait > 0:  # chosen: it goes when the window ends
        progress = 1.0 - (now.window_progress or 0.0)
        key = "table.button.held" if held.cards is not None else "table.button.held_accept"
        label = t(key, s=decimal(wait))
        return ButtonLook(label, "Enter", "held", progress, scene.hot == "play")
    ready = wait <= 0
    if now.must_answer:
        label = t("table.button.accept")
    elif scene.hand.selected:
        n = len(scene.hand.selected)
        label = t("table.button.play", n=n, rank=rank_word(scene.rules, now.rank, n))
    else:
        label, ready = t("table.button.play_none"), False
        wait = 0
    state = "go" if ready else ("locked" if wait > 0 else "off")
    if wait > 0:
        label = t("table.button.wait", s=decimal(wait))
    progress = 1.0 - (now.window_progress or 0.0) if state == "locked" else 1.0
    return ButtonLook(label, "Enter", state, progress, scene.hot == "play")
