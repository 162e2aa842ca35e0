"""The audience's votes (issue 31), on the game's thread: the question, the ballots, the room's vote.

No pygame and no network. The card table asks "Lie or truth?" on the last call while its
challenge window is open; the duel asks "Does the claim hold?" on the claim that stands, and
keeps asking through a challenge until the cup is lifted on the TV. Each watcher has one vote per
question and may change it until the question closes (the next call, a challenge, the cup
lifted): a party changes its mind when the caller smiles, and the last word is the one counted.
When the TV turns the cards (or lifts the cup) the room's vote is counted once, each watcher who
voted learns whether they read it right, and their reads add up to the best reader of the game.

Nothing here reaches the engine, and nothing of a ballot is shown to a seat's phone or the TV
before the reveal: the TV shows only how many watch, then the room's count at the reveal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import clean_name

SAYS = ("lie", "truth")
KEPT_BALLOTS = 4  # questions whose ballots wait for their reveal (the last few calls)


@dataclass(frozen=True, slots=True)
class Question:
    """What the audience is asked now: its number in the game, its kind ("call": Lie / Truth on
    the last call; "claim": the duel's "Does the claim hold?"), the call as the TV says it, and
    whether a challenge just came (the duel: the cup lifts in a moment)."""

    id: int
    kind: str
    text: str
    challenged: bool = False


@dataclass(frozen=True, slots=True)
class Verdict:
    """A call the TV turned face up: which question, and whether it was the truth."""

    id: int
    truthful: bool


@dataclass(frozen=True, slots=True)
class Tally:
    """The room's vote on a call the TV turned up: how many said lie and truth, and the truth."""

    id: int
    kind: str
    lie: int
    truth: int
    truthful: bool

    def words(self) -> str:
        """ "The room said lie, 9 to 3" (or "The room was split, 2 to 2"), in the duel's words too."""
        most, least = max(self.lie, self.truth), min(self.lie, self.truth)
        if self.lie == self.truth:
            return t("audience.room.split", n=most, m=least)
        said = "lie" if self.lie > self.truth else "truth"
        return t(f"audience.room.{self.kind}.{said}", n=most, m=least)


@dataclass(slots=True)
class Watcher:
    """One person in the audience: their number, the name they gave (None: "Guest 3"), their reads."""

    number: int
    chosen: str | None = None
    right: int = 0  # votes the reveal proved right
    counted: int = 0  # votes a reveal counted

    @property
    def name(self) -> str:
        """The name they gave, or "Guest <number>" in the language of the moment."""
        return self.chosen or t("audience.guest", n=self.number)


@dataclass(slots=True)
class Audience:
    """The evening's watchers and this game's question, ballots and reveals."""

    watchers: dict[int, Watcher] = field(default_factory=dict)
    here: frozenset[int] = frozenset()  # the watchers connected now
    question: Question | None = None
    ballots: dict[int, dict[int, str]] = field(default_factory=dict)  # question -> watcher -> say
    last: Tally | None = None  # the latest call the room's vote was counted on
    last_ballot: dict[int, str] = field(default_factory=dict)  # who said what on it
    game: object = None  # what the reads are counted for (the game's or match's own object)
    kind: str = "call"  # what this game asks: "call" (cards) or "claim" (the duel)
    seated: set[int] = field(default_factory=set)  # watchers who took a seat: no longer watching

    @property
    def count(self) -> int:
        """How many watch now."""
        return len(self.here)

    def begin(self, game: object, kind: str) -> None:
        """A game is shown (kind: what it asks): a new one starts the reads afresh."""
        if game is not self.game:
            self.game, self.kind, self.question, self.last = game, kind, None, None
            self.ballots.clear()
            self.last_ballot = {}
            for watcher in self.watchers.values():
                watcher.right = watcher.counted = 0

    def arrive(self, numbers: frozenset[int]) -> None:
        """Who watches now (the server's snapshot): a new number is a new watcher (one that took
        a seat is gone for good, even while the server's snapshot still holds it)."""
        self.here = numbers - self.seated
        for number in self.here:
            self.watchers.setdefault(number, Watcher(number))

    def leave(self, number: int) -> None:
        """A watcher left the audience for good (took a seat)."""
        self.watchers.pop(number, None)
        self.seated.add(number)
        self.here = self.here - {number}
        for ballot in self.ballots.values():
            ballot.pop(number, None)

    def rename(self, number: int, raw: str) -> bool:
        """A watcher's name as typed, cleaned by the game's name rules; False when refused."""
        watcher, name = self.watchers.get(number), clean_name(raw)
        if watcher is None or name is None:
            return False
        watcher.chosen = name
        return True

    def vote(self, number: int, question: int, say: str) -> bool:
        """A watcher's vote on the open question (the latest one counts); False when it is not
        the open question (closed meanwhile, or a stale page)."""
        open_now = self.question is not None and self.question.id == question
        if number not in self.watchers or say not in SAYS or not open_now:
            return False
        self.ballots.setdefault(question, {})[number] = say
        return True

    def show(self, question: Question | None, verdict: Verdict | None) -> Tally | None:
        """What the TV shows now: the question open (None: none), and the latest call turned up;
        the tally when that reveal counts the room's vote for the first time."""
        self.question = question
        if len(self.ballots) > KEPT_BALLOTS:
            for old in sorted(self.ballots)[:-KEPT_BALLOTS]:
                del self.ballots[old]
        if verdict is None or (self.last is not None and self.last.id == verdict.id):
            return None
        if self.question is not None and self.question.id == verdict.id:
            self.question = None  # turned up: no more votes on it
        ballot = self.ballots.pop(verdict.id, None)
        if not ballot:
            return None  # nobody voted on it: the TV says nothing of the room
        truth = "truth" if verdict.truthful else "lie"
        for number, say in ballot.items():
            watcher = self.watchers.get(number)
            if watcher is not None:
                watcher.counted += 1
                watcher.right += say == truth
        lie = sum(say == "lie" for say in ballot.values())
        self.last = Tally(verdict.id, self.kind, lie, len(ballot) - lie, verdict.truthful)
        self.last_ballot = dict(ballot)
        return self.last

    @property
    def room(self) -> Tally | None:
        """The room's vote the TV shows: the last one counted, until the next question opens."""
        last, question = self.last, self.question
        return last if last is not None and (question is None or question.id <= last.id) else None

    def said(self, number: int) -> str | None:
        """The watcher's vote on the open question."""
        return self.ballots.get(self.question.id, {}).get(number) if self.question is not None else None

    def read(self, number: int) -> bool | None:
        """Whether the watcher read the last counted call right (None: they did not vote on it)."""
        if self.last is None:
            return None
        say = self.last_ballot.get(number)
        return None if say is None else say == ("truth" if self.last.truthful else "lie")

    def best(self) -> str | None:
        """The results' line: the best reader in the audience (ties named together); None when
        no vote of the audience was counted in this game."""
        counted = [w for w in self.watchers.values() if w.counted]
        if not counted:
            return None
        top = max(w.right for w in counted)
        if top == 0:
            return t("audience.best.none")
        best = sorted((w for w in counted if w.right == top), key=lambda w: w.number)
        if len(best) == 1:
            return t("audience.best.one", name=best[0].name, n=top, total=best[0].counted)
        if len(best) > 3:  # a crowd of equals: three named, the others counted
            names = t("audience.best.others", names=", ".join(w.name for w in best[:3]), n=len(best) - 3)
        else:
            names = t("audience.best.and", first=", ".join(w.name for w in best[:-1]), last=best[-1].name)
        return t("audience.best.tie", names=names, n=top)
