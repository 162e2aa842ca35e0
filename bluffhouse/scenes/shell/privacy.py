"""Privacy and ownership on one screen: whose hidden faces may be drawn, and who may act.

No pygame here. Every game screen keeps one `PrivateViews`. Its flow opens a view when a
person presses a key of their own, closes them all when an overlay opens or the turn passes,
and asks it before letting a shared key (Enter, Space, arrows, a click) act for somebody.
Painters ask `face_up()` before drawing any face of a hidden hand or cup; every such draw is
recorded with its owner and the reason it was allowed, so tests can audit each frame.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from bluffhouse.game.quick import quick_init

# Seconds during which shared keys do nothing after a person's controls come live: presses
# meant for the previous person (or for skipping an animation) never act for the next one.
GUARD = 0.4
MAX_RECORDS = 5000  # the audit keeps the latest draws; violations are always kept


class Why(StrEnum):
    """Why a hidden face may be on screen now."""

    ALONE = "alone"  # the table has one person: there is nobody to hide it from
    OWN_KEY = "own_key"  # its owner revealed it with their own peek key or pad button
    AUDIENCE = "audience"  # nobody plays (the attract mode): the screen shows everything
    LIFTED = "lifted"  # public: lifted in a challenge for everybody to see
    ENDED = "ended"  # a replay: the game is over, so every hand and cup may be shown


class By(StrEnum):
    """Whose press it was, as far as the press itself can tell."""

    OWN = "own"  # a key or pad button bound to the person concerned
    SHARED = "shared"  # Enter, Space, arrows, Tab, a click: anybody's hand could press it
    OTHER = "other"  # a key bound to somebody else


@quick_init
@dataclass(frozen=True, slots=True)
class FaceUp:
    """One face of a hidden hand or cup drawn face up, and why it was allowed (None: it was not)."""

    owner: int
    what: str
    why: Why | None


@dataclass(frozen=True, slots=True)
class Grant:
    """The one private view open now: whose, since when, and whether it lasts only while held."""

    owner: int
    since: float
    held: bool


class PrivacyAudit:
    """Every audited face-up draw; the ones the model did not allow are kept as violations."""

    def __init__(self) -> None:
        """An empty audit."""
        self.records: list[FaceUp] = []
        self.violations: list[FaceUp] = []
        self.count = 0

    def record(self, draw: FaceUp) -> None:
        """Note one draw."""
        self.count += 1
        self.records.append(draw)
        if len(self.records) > MAX_RECORDS:
            del self.records[: MAX_RECORDS // 2]
        if draw.why is None:
            self.violations.append(draw)

    def clear(self) -> None:
        """Forget the draws seen so far (violations included)."""
        self.records.clear()
        self.violations.clear()
        self.count = 0


class PrivateViews:
    """The owners of hidden hands or cups at one table, and the one view that may be open."""

    def __init__(
        self,
        people: Iterable[int],
        audit: PrivacyAudit | None = None,
        audience: bool = False,
        phones: Iterable[int] = (),
    ) -> None:
        """people: the seats played by people at this table; audience: nobody plays (demo);
        phones: those of the people who hold their hand on their own phone — never on screen."""
        self.people = tuple(people)
        self.phones = frozenset(phones) & frozenset(self.people)
        # Phone seats played here for now (their phone is away and the room chose it): hidden
        # behind the curtain like every person's here, even at a table of one (the room watches).
        self.curtained: frozenset[int] = frozenset()
        self.audit = audit if audit is not None else PrivacyAudit()
        self.audience = audience and not self.people
        self.clock = 0.0
        self.open: Grant | None = None
        self.actor: int | None = None  # the person whose controls are live now
        self.live_since = -GUARD  # when the controls last passed from one person to another
        self.quiet_until = 0.0  # shared keys rest until then (a press just ended an animation)
        # A person whose own key asked for a view while somebody else's was open: one view at a
        # time, and an open one is never swapped away; theirs waits for the other to let go.
        self.waiting: Grant | None = None

    # -- questions ---------------------------------------------------------------------

    @property
    def solo(self) -> int | None:
        """The only person at the table, whose hand needs hiding from nobody; else None.

        A person playing on a phone has their hand there: it is never shown on the screen; played
        here while the phone is away, it stays behind the curtain."""
        if len(self.people) != 1 or self.people[0] in self.phones | self.curtained:
            return None
        return self.people[0]

    def why(self, owner: int) -> Why | None:
        """Why owner's hidden faces may be drawn now, or None when they may not."""
        if self.audience:
            return Why.AUDIENCE
        if owner in self.phones:
            return None  # "a phone seat's cards are never drawn face up on the TV"
        if owner == self.solo:
            return Why.ALONE
        if self.open is not None and self.open.owner == owner:
            return Why.OWN_KEY
        return None

    def is_open(self, owner: int) -> bool:
        """Whether owner's private view is open by their own key (not counting a solo table)."""
        return self.open is not None and self.open.owner == owner

    def by(self, seat: int, player: int | None) -> By:
        """Whose press it was for seat: an intent's bound player, or None for shared keys."""
        if player is None:
            return By.SHARED
        return By.OWN if player == seat else By.OTHER

    def may_act(self, seat: int, by: By) -> bool:
        """Whether a press may act for seat: their own key, or a shared one while they hold the view.

        Shared keys and the mouse act for a person only while that person's own view is open
        and their controls are live (at a table of one: always), never in the first GUARD
        seconds after the controls passed from another person, nor just after a press ended
        an animation.
        """
        if seat not in self.people:
            return False
        if by is By.OWN:
            return True
        if by is By.OTHER or seat in self.phones:  # the shared keys never act for a phone seat
            return False
        if self.why(seat) is None or self.guarded():
            return False
        return self.actor == seat or seat == self.solo

    def guarded(self) -> bool:
        """True in the first moments after a hand-over or a skipped animation."""
        return self.clock < max(self.quiet_until, self.live_since + GUARD)

    def quiet(self) -> None:
        """A press just ended an animation: the shared keys rest for GUARD seconds."""
        self.quiet_until = self.clock + GUARD

    # -- changes -----------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """Advance the clock the guard is measured with."""
        self.clock += max(0.0, dt)

    def set_actor(self, seat: int | None) -> None:
        """The person whose controls are live now (None: nobody's).

        Whenever they come live for a person at a table of several people (a hand-over, or the
        same person after a pause in play), the guard starts: whoever pressed a shared key a
        moment ago meant it for something else. A person alone at the table hands over to nobody.
        """
        if seat is not None and seat != self.actor and self.solo is None:
            self.live_since = self.clock
        self.actor = seat

    def reveal(self, owner: int, by: By, held: bool = False) -> bool:
        """A press asks to show owner's hidden faces; only the owner's own key can.

        One private view at a time, and a view open for somebody else is never swapped away
        (its owner is looking at the screen): this one waits until that person lets go of a
        held glance, as long as owner keeps their own key down (False: not shown now).
        held: the view lasts only while the key is held (a glance), else until conceal().
        """
        if owner not in self.people or owner in self.phones or by is not By.OWN:
            return False
        if owner == self.solo:
            return True  # already shown: nothing needs hiding
        if self.open is not None and self.open.owner != owner:
            self.waiting = Grant(owner, self.clock, held)
            return False
        if self.open is None or (self.open.held and not held):
            self.open = Grant(owner, self.clock, held)
        if self.waiting is not None and self.waiting.owner == owner:
            self.waiting = None
        return True

    def conceal(self, owner: int, held_only: bool = False) -> None:
        """Close owner's view (held_only: only if it was a held glance, as its key comes up).

        owner letting go also ends their own wait. A held glance let go hands the screen to the
        person waiting with their key still down; a lifted hand put back hands it to nobody.
        """
        if self.waiting is not None and self.waiting.owner == owner and held_only:
            self.waiting = None  # they let go of their key: they no longer wait
        grant = self.open
        if grant is None or grant.owner != owner or not (grant.held or not held_only):
            return
        self.open = None
        waiting, self.waiting = self.waiting, None
        if waiting is not None and grant.held:
            self.open = Grant(waiting.owner, self.clock, waiting.held)

    def conceal_all(self) -> None:
        """Close every private view: an overlay opened, the window lost focus, the turn passed."""
        self.open = None
        self.waiting = None

    def play_here(self, seat: int) -> None:
        """A phone seat is played at the screen for now: its own keys may lift its curtain."""
        if seat in self.phones:
            self.phones -= {seat}
            self.curtained |= {seat}

    def back_on_phone(self, seat: int) -> None:
        """A seat played here goes back to its phone: whatever of it was open here closes."""
        if seat in self.curtained:
            self.curtained -= {seat}
            self.phones |= {seat}
            if self.waiting is not None and self.waiting.owner == seat:
                self.waiting = None
            self.conceal(seat)

    # -- the audit ---------------------------------------------------------------------

    def face_up(self, owner: int, what: str, public: bool = False) -> bool:
        """A painter is about to draw a face of owner's hidden hand or cup: record it, answer.

        public: the faces were lifted for all to see (a challenge). False means: draw a back.
        """
        why = Why.LIFTED if public else self.why(owner)
        self.audit.record(FaceUp(owner, what, why))
        return why is not None


class Replayed:
    """The views of a replay screen: every face of a game that has ended may be shown.

    A replay is only ever made of a record whose game is no longer being played (`ended`), and
    no replay opens while a game is played (the app refuses a dropped file then): each face-up
    draw is still recorded, as Why.ENDED, so the tests' referee can check where it happened.
    """

    def __init__(self, audit: PrivacyAudit, uid: str, playing: Iterable[str]) -> None:
        """uid: the record's; playing: the uids of records whose game is still being played."""
        if not ended(uid, playing):
            raise ValueError("a replay is only ever shown of a game that has ended")
        self.audit = audit

    def why(self, owner: int) -> Why:
        """Why a replayed hand or cup may be shown: its game has ended."""
        return Why.ENDED

    def face_up(self, owner: int, what: str, public: bool = False) -> bool:
        """Record a face of a replayed hand or cup drawn face up (always allowed: the game ended)."""
        self.audit.record(FaceUp(owner, what, Why.ENDED))
        return True


def ended(uid: str, playing: Iterable[str]) -> bool:
    """Whether a record's game has ended: it is not among the games still being played."""
    return uid not in set(playing)
