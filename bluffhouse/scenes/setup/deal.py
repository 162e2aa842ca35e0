"""The deal of a card set-up: the hand-size house rule, its choices, and the line that shows it.

RULES.md ("[settled] House rule: hand size"): the seed deals every card; each player may be
dealt 10, 7, 5 or 3 instead, the rest set aside unseen. The Bullets set-up keeps the seed's deal
until three or more people sit at the table: then it proposes the short game. The Kamu set-up
deals the quick round (a seed's round takes 6-10 minutes). Either holds until somebody picks a
hand size themselves (one press on the deal goes back to all the cards).
"""

from __future__ import annotations

from bluffhouse.game.rules import ALL_CARDS, HAND_SIZES, QUICK_HAND, SHORT_HAND
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.widgets import Stepper, Widget

PROPOSE_FROM = 3  # people at the table from which the set-up proposes the short game


def hand_choices(players: int, cards: int) -> list[int]:
    """The hand sizes a table can be dealt: all the cards, and each shorter hand that fits."""
    fewest = cards // players  # the smallest hand of the seed's deal
    return [size for size in HAND_SIZES if size == ALL_CARDS or (size * players <= cards and size < fewest)]


def default_hand(game: str, players: int, cards: int, people: int) -> int:
    """The hand a table is dealt until somebody picks one: Kamu's quick round; in Bullets the
    short game for three people or more, else the seed's deal."""
    choices = hand_choices(players, cards)
    if game == "kamu":
        return QUICK_HAND if QUICK_HAND in choices else ALL_CARDS
    return SHORT_HAND if people >= PROPOSE_FROM and SHORT_HAND in choices else ALL_CARDS


def proposes_short(game: str, people: int) -> bool:
    """True when the Bullets set-up proposes the short game because of the people at the table."""
    return game == "bullets" and people >= PROPOSE_FROM


def effective_hand(players: int, cards: int, people: int, chosen: int | None, game: str = "bullets") -> int:
    """The hand size the table plays: the one somebody chose (or the nearest shorter one that
    fits), else the table's default (default_hand)."""
    choices = hand_choices(players, cards)
    if chosen is None:
        return default_hand(game, players, cards, people)
    if chosen in choices:
        return chosen
    shorter = [size for size in choices if size != ALL_CARDS and size <= chosen]
    return max(shorter) if shorter else ALL_CARDS


def value_text(size: int) -> str:
    """How a hand size shows on its stepper: "All", "5 each"."""
    return t("setup.deal.all") if size == ALL_CARDS else t("setup.deal.each", n=size)


def deck_line(facts: dict[str, int], game: str) -> str:
    """ "One 52-card deck: 5 cards each, 32 set aside unseen", from SetupDraft.deck_facts()."""
    key = f"setup.deck.{game}" + ("_two" if facts["decks"] == 2 else "")
    key += "_aside" if facts["aside"] else ""
    low, high = facts["low"], facts["high"]
    each = str(low) if low == high else f"{low}–{high}"
    return t(key, cards=facts["cards"], each=each, n=facts["aside"])


class DealStepper(Stepper):
    """The deal, on the seat panel: the deck line as its label, ‹ All cards › as its value.

    Its choices and value follow the draft (the table's size changes what can be dealt); a
    step is somebody choosing a hand size.
    """

    VALUE_FROM_RIGHT, ARROW_OFFSET, SIZE, LABEL_X = 92, 66, 18, 16

    def __init__(self, draft, on_change=None, width: int = 636, height: int = 32) -> None:
        """draft: the scenes.setup.model.SetupDraft being edited."""
        Widget.__init__(self, width, height)
        self.draft, self.on_change = draft, on_change
        self.markers = False

    @property  # worked out from the draft: Stepper's is an attribute (set once, only read after)
    def label(self) -> str:  # type: ignore[override]
        """The deck line: how many cards, how many each, how many set aside."""
        return deck_line(self.draft.deck_facts(), self.draft.game)

    @property  # worked out from the draft: Stepper's is an attribute (set once, only read after)
    def options(self) -> list[tuple[int, str]]:  # type: ignore[override]
        """(hand size, shown text) for each hand this table can be dealt."""
        return [(size, value_text(size)) for size in self.draft.hand_choices()]

    @property
    def index(self) -> int:
        """Where the table's hand size stands among the choices."""
        sizes = [size for size, _ in self.options]
        size = self.draft.rules().hand_size
        return sizes.index(size) if size in sizes else 0

    @index.setter
    def index(self, index: int) -> None:
        self.draft.chosen_hand = self.options[index][0]  # picked: it stays, whoever joins
