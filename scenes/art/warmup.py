"""Ahead of need: the art a screen will draw, built in the spare time at the end of frames.

Art made in code costs milliseconds a piece (a card face 2–9 ms, a card back 5 ms), so a
face drawn for the first time in the middle of play drops a frame. When a screen enters,
the app asks this module what that screen (and the one likely after it) will draw, and
builds it a piece at a time after each frame is drawn, while the frame's time allows.

Privacy: whole decks are warmed in deck order, whoever holds the cards, through the art
modules' own builders. Nothing is drawn, and the privacy audit, which watches the
painters' `scenes.art.card_face`, sees only what is drawn.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import partial

from game.cards import Card, Deck, french_deck, hungarian_deck
from game.rules import Rules
from scenes.art import backs as art_backs
from scenes.art import dice as art_dice
from scenes.art import furniture as art_table
from scenes.art.faces import card_face
from scenes.art.suits import suit_icon
from scenes.demo import ROTATION
from scenes.duel import layout as duel_layout
from scenes.results.recap import SUIT_H
from scenes.table import hand as table_hand
from scenes.table.layout import HAND_CARD_WIDTH, PILE_CARD_WIDTH, REVEAL_CARD_WIDTH
from scenes.table.seats import PEEK_WIDTH, initials

BUDGET = 0.012  # seconds of a 16.7 ms frame the frame and its warm-up may use together
EAGER_UNDER = 0.003  # a frame that took less than this always builds one piece
FIRST_GUESS = 0.006  # seconds a piece of unknown kind is expected to take
CACHED = 0.0002  # a piece that took less than this was already made

# The sizes the painters ask for: from their layouts where they have a name there.
REVEAL_WIDTH, HAND_WIDTH, PILE_WIDTH = REVEAL_CARD_WIDTH, HAND_CARD_WIDTH, PILE_CARD_WIDTH
BACK_WIDTHS = (20, 34, PILE_WIDTH, REVEAL_WIDTH)  # a seat's fanned backs, the set-aside cards
EARLY_PILES = 12  # pile sizes wanted before the reveal size: the first plays come quickly
TABLE_BADGE, DUEL_BADGE = 50, 46
HAND_GLOWS = ((226, 178, 52), (250, 246, 234))  # picked (Palette.GILT), and the focused card
FAN_TILT = 13  # degrees of the outermost card of a fan (scenes.table.hand.HandFan.spots)
DIE_SIZES = (duel_layout.DIE, 92, 48, 40, 30, 24)  # tray, first roll, claim, built claim, chips, small
CUP_WIDTH = duel_layout.CUP

Job = tuple[str, Callable[[], object]]  # (kind, build): the kind names a cost class
Wanted = tuple[tuple, str, Callable[[], object]]  # (key, kind, build)
# Pieces too big for any frame's spare time (15–25 ms): built as the screen enters, in the
# frame that changes screens, which draws the new screen's felt for the first time anyway.
AT_ENTRY = frozenset({"felt", "pile canvas", "cup"})


class Warmup:
    """A queue of pieces to build, run in the time a frame leaves over."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        """An empty queue; clock gives seconds (wall time: what a frame's budget is in)."""
        self.clock = clock
        self.queue: deque[Job] = deque()
        self.queued: set[tuple] = set()
        self.cost: dict[str, float] = {}  # kind -> seconds, a running mean
        self.built = 0

    def want(self, jobs: Iterable[Wanted]) -> None:
        """Queue (key, kind, build) jobs not already queued, after those waiting."""
        for key, kind, build in jobs:
            if key not in self.queued:
                self.queued.add(key)
                self.queue.append((kind, build))

    def run(self, frame_start: float, budget: float = BUDGET) -> int:
        """Build pieces while the next is expected to end within budget; how many were built."""
        done = 0
        while self.queue:
            kind, build = self.queue[0]
            now = self.clock()
            # Capped, so one slow piece (a busy machine) never stalls the queue for good.
            expected = min(self.cost.get(kind, FIRST_GUESS), budget / 2)
            eager = done == 0 and now - frame_start < EAGER_UNDER
            if not eager and now + expected > frame_start + budget:
                break
            self.queue.popleft()
            build()
            took = self.clock() - now
            if took > CACHED:  # a piece already made says nothing about the cost of its kind
                self.cost[kind] = took if kind not in self.cost else 0.7 * self.cost[kind] + 0.3 * took
            done += 1
        self.built += done
        if not self.queue:
            self.queued.clear()
        return done

    def ahead(self, scene: object) -> None:
        """Queue what `scene` (just entered) and the screen likely after it will draw, before
        anything an earlier screen wanted; overlays (pause, help) want nothing and keep it."""
        jobs = list(jobs_for(scene))
        if jobs:
            self.queue.clear()
            self.queued.clear()
            for _, kind, build in jobs:
                if kind in AT_ENTRY:
                    build()
            self.want(job for job in jobs if job[1] not in AT_ENTRY)


def jobs_for(scene: object) -> Iterator[Wanted]:
    """The pieces a screen draws, most urgent first, judged by what kind of screen it is."""
    kind = type(scene).__name__
    if kind == "MenuScene":  # the quick game is one key away: the French table
        yield from table_jobs(Rules.bullets(), people=True)
    elif kind == "SetupScene":  # jokers too: they are an option of the set-up
        game = getattr(scene, "game", "bullets")
        yield from table_jobs(Rules.kamu(jokers=True) if game == "kamu" else Rules.bullets(jokers=True),
                              people=True)  # fmt: skip
    elif kind == "TableScene":
        yield felt_job()
        yield from table_jobs(scene.rules, bool(scene.humans), entering=True, names=tuple(scene.names))
    elif kind == "DuelScene":
        yield felt_job()
        yield from duel_jobs()
        yield from badges(scene.names, DUEL_BADGE, lambda name: name[:1])
    elif kind == "DuelSetupScene":
        yield from (job for job in duel_jobs() if job[1] not in AT_ENTRY)
    elif kind == "ResultsScene":
        suits = sorted({card.suit for call in scene.record.truth for card in call.cards if not card.is_joker})
        yield from ((("suit", suit, SUIT_H), "suit", partial(suit_icon, suit, SUIT_H)) for suit in suits)
        if scene.record.setup.demo:
            yield from next_demo_jobs(scene.record.setup.rules.game.value)
    elif kind == "DuelResultsScene" and scene.setup.demo:
        yield from next_demo_jobs("duel")


def next_demo_jobs(game: str) -> Iterator[Wanted]:
    """The attract mode's next game (Bullets, Kamu, the duel in turn), warmed on its results."""
    following = ROTATION[(ROTATION.index(game) + 1) % len(ROTATION)] if game in ROTATION else ROTATION[0]
    if following == "duel":
        yield from (job for job in duel_jobs() if job[1] not in AT_ENTRY)
    else:
        yield from table_jobs(Rules.kamu(jokers=True) if following == "kamu" else Rules.bullets(), False)


def deck_of(rules: Rules) -> list[Card]:
    """One of each card the rules play with, in deck order."""
    if rules.deck is Deck.HUNGARIAN:
        return hungarian_deck(rules.jokers)
    return french_deck() + (hungarian_deck(True)[-2:] if rules.jokers else [])


def felt_job() -> Wanted:
    """The felt of the card table and the duel (the logical picture's size)."""
    return ("felt",), "felt", lambda: art_table.felt((1280, 720))


def table_jobs(rules: Rules, people: bool, entering: bool = False, names: tuple[str, ...] = ()
               ) -> Iterator[Wanted]:  # fmt: skip
    """A card table, in the order play needs it: backs and badges, the people's hand size (the
    fan shows as the deal ends), the first pile sizes, bullets, the reveal size, the rest."""
    style = "hungarian" if rules.deck is Deck.HUNGARIAN else "french"
    if entering:  # the first card played builds the pile's own 2× back: 20 ms
        yield ("pile", 1, style), "pile canvas", lambda: art_backs.pile(1, PILE_WIDTH, style)
    for width in BACK_WIDTHS:
        yield ("back", width, style), "back", lambda w=width: art_backs.card_back(w, style)
    yield from badges(names, TABLE_BADGE, initials_of)
    cards = deck_of(rules)
    yield ("shadow", REVEAL_WIDTH), "shadow", lambda: art_backs.card_shadow(REVEAL_WIDTH)
    if people:
        yield ("shadow", HAND_WIDTH), "shadow", lambda: art_backs.card_shadow(HAND_WIDTH)
        for colour in HAND_GLOWS:
            yield ("glow", HAND_WIDTH, colour), "shadow", lambda c=colour: art_backs.card_glow(HAND_WIDTH, c)
        yield from faces(cards, HAND_WIDTH)
        yield from fan_shadows()
    # Pile sizes only at the table itself: the first one that holds a card needs the pile's
    # 2× back (20 ms, more than any frame has to spare), built as the table enters.
    piles = [("pile", count, style) for count in range(len(cards) * rules.decks + 1) if entering]
    early, late = piles[:EARLY_PILES], piles[EARLY_PILES:]
    yield from ((key, "pile", lambda n=key[1]: art_backs.pile(n, PILE_WIDTH, style)) for key in early)
    if rules.uses_bullets:
        for height in (26, 34):
            for state in ("full", "empty", "spent"):
                yield ("bullet", height, state), "bullet", \
                    lambda h=height, s=state: art_table.bullet_icon(h, s)
    yield from faces(cards, REVEAL_WIDTH)
    yield from ((key, "pile", lambda n=key[1]: art_backs.pile(n, PILE_WIDTH, style)) for key in late)
    if people:
        yield from faces(cards, PEEK_WIDTH)


def fan_shadows() -> Iterator[Wanted]:
    """The hand's shadow turned to every angle of a fan (whole degrees up to ±13), so a hand
    that appears turns only its faces (half of its ~8 ms first frame)."""
    for angle in range(-FAN_TILT, FAN_TILT + 1):
        yield ("turned shadow", angle), "turn", \
            lambda a=angle: table_hand.rotated(art_backs.card_shadow(HAND_WIDTH), a)


def initials_of(name: str) -> str:
    """What a table seat's badge shows (the seat painter's own rule)."""
    return initials(name)


def badges(names: Iterable[str], size: int, label: Callable[[str], str]) -> Iterator[Wanted]:
    """Every seat's badge, plain and lit (lit when it is their turn)."""
    for seat, name in enumerate(names):
        for lit in (False, True):
            yield ("badge", seat, label(name), size, lit), "badge", \
                lambda s=seat, n=label(name), a=lit: art_table.seat_badge(s, n, size, a)


def faces(cards: Iterable[Card], width: int) -> Iterator[Wanted]:
    """Card faces at one width, through the art modules' builder (not the painters' gate)."""
    for card in cards:
        # costs are learnt per rank: a court card or a joker costs several number cards
        yield ("face", str(card), width), f"face{width}/{card.rank}", \
            lambda c=card: card_face(c, width)


def duel_jobs() -> Iterator[Wanted]:
    """The dice duel: the cup, then the dice at every size the screen shows."""
    yield ("cup", CUP_WIDTH), "cup", lambda: art_dice.cup(CUP_WIDTH)
    for size in DIE_SIZES:
        for face in range(1, 7):
            yield ("die", face, size, False), "die", lambda f=face, s=size: art_dice.die_face(f, s)
    tray = DIE_SIZES[0]
    for face in range(1, 7):
        yield ("die", face, tray, True), "die", lambda f=face: art_dice.die_face(f, tray, True)
