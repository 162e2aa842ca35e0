"""Rules: one frozen options object for every game, with the seed rules as presets."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import TypedDict, Unpack

from bluffhouse.game.cards import Deck
from bluffhouse.game.checks import flag, member, seconds, whole


class GameKind(str, Enum):
    """The three games of the house."""

    BULLETS = "bullets"
    KAMU = "kamu"
    DUEL = "duel"


class WhoMayChallenge(str, Enum):
    """Who may challenge the last call."""

    ANYONE = "anyone"  # any other player, never the caller (the seed rule)
    NEXT = "next"  # only the player whose turn follows the call


class RankAfterChallenge(str, Enum):
    """Which rank is called after a challenge."""

    RESTART = "restart"  # Bullets: "the sequence restarts at the rank just challenged"
    CONTINUE = "continue"  # Kamu: "the next call is the rank after the challenged one"


class LeadAfterChallenge(str, Enum):
    """Who plays after a challenge."""

    WINNER = "winner"  # Bullets: "the winner of the challenge leads the next turn"
    KAMU = "kamu"  # Kamu: a liar caught -> the challenger; a true call -> normal order


class Opening(str, Enum):
    """How the dice duel's satisfied / not satisfied opening is settled."""

    BOTH = "both"  # the seed's table: both not satisfied -> everybody rerolls
    PROPOSER_DECIDES = "proposer_decides"


MAX_WINDOW = 60.0  # seconds: a longer minimum challenge window would stall the table
ALL_CARDS = 0  # hand_size: the seed's deal (Bullets: every card; Kamu: the even deal)
HAND_SIZES = (ALL_CARDS, 10, 7, 5, 3)  # the choices a set-up offers, longest game first
SHORT_HAND = 5  # the short game a Bullets set-up proposes to three people or more
# The quick game: the menu's Quick game and the Kamu set-up's default. At normal pace every call
# waits the 2 s window and every challenge's cards stay in view 3.6 s: only about 25 calls fit in
# 2 minutes (tools/length_bench.py: a Kamu round of 3 each takes 1.7 min, of 5 each 3.8).
QUICK_HAND = 3
DECK_CARDS = {Deck.FRENCH: 52, Deck.HUNGARIAN: 32}


class HouseRules(TypedDict, total=False):
    """The options every preset leaves open, by name (each is checked when the Rules is made)."""

    deck: Deck
    decks: int
    deal_evenly: bool
    hand_size: int
    who_may_challenge: WhoMayChallenge
    rank_after_challenge: RankAfterChallenge
    lead_after_challenge: LeadAfterChallenge
    rounds: int
    points_to_win: int
    opening: Opening
    challenge_window: float


class CardOptions(HouseRules, total=False):
    """The options Rules.kamu leaves open."""

    bullets_per_player: int


class BulletsOptions(CardOptions, total=False):
    """The options Rules.bullets leaves open."""

    jokers: bool


class Options(BulletsOptions, total=False):
    """Every option of Rules, by name: what Rules.but may change."""

    game: GameKind
    players: int


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of a game; build it with Rules.bullets / Rules.kamu / Rules.duel."""

    game: GameKind = GameKind.BULLETS
    players: int = 4
    deck: Deck = Deck.FRENCH
    decks: int = 1
    jokers: bool = False
    deal_evenly: bool = False  # Kamu: equal hands, the rest set aside unseen
    # House rule "hand size": each player is dealt this many cards, the rest set aside unseen;
    # ALL_CARDS (0) is the seed's deal. Never more than an even share of the deck.
    hand_size: int = ALL_CARDS
    bullets_per_player: int = 3  # 0 means challenges cost nothing (no bullets)
    who_may_challenge: WhoMayChallenge = WhoMayChallenge.ANYONE
    rank_after_challenge: RankAfterChallenge = RankAfterChallenge.RESTART
    lead_after_challenge: LeadAfterChallenge = LeadAfterChallenge.WINNER
    rounds: int = 1  # games in a match (Kamu: 3 by default, 1-10)
    points_to_win: int = 3  # dice duel: first to this many round points (1-9)
    opening: Opening = Opening.BOTH
    challenge_window: float = 2.0  # seconds the next player must wait; the scenes use it

    def __post_init__(self) -> None:
        # Every option is checked for its type first (a bool is not a count, NaN is no time).
        member(self.game, GameKind, "game")
        member(self.deck, Deck, "deck")
        for name, kind in _ENUMS:
            member(getattr(self, name), kind, name)
        flag(self.jokers, "jokers")
        flag(self.deal_evenly, "deal_evenly")
        low, high = (2, 2) if self.game is GameKind.DUEL else (2, 8)
        whole(self.players, "players", low, high)
        whole(self.decks, "decks", 1, 2)
        whole(self.bullets_per_player, "bullets_per_player", 0, 9)
        whole(self.rounds, "rounds", 1, 10)
        whole(self.points_to_win, "points_to_win", 1, 9)
        seconds(self.challenge_window, "challenge_window", MAX_WINDOW)
        most = 0 if self.game is GameKind.DUEL else self.cards // self.players
        whole(self.hand_size, "hand_size", ALL_CARDS, most)

    @classmethod
    def bullets(cls, players: int = 4, **options: Unpack[BulletsOptions]) -> Rules:
        """Seeds 000-002: 52 French cards all dealt, three bullets, restart at the challenged rank."""
        return cls(game=GameKind.BULLETS, players=players, **options)

    @classmethod
    def kamu(cls, players: int = 4, jokers: bool = False, **options: Unpack[CardOptions]) -> Rules:
        """Seed 003: Hungarian 32 (two decks for 5-8), even deal, no bullets, three rounds."""
        whole(players, "players", 2, 8)  # before it picks the number of decks
        base = CardOptions(
            deck=Deck.HUNGARIAN,
            decks=2 if players >= 5 else 1,
            deal_evenly=True,
            bullets_per_player=0,
            rank_after_challenge=RankAfterChallenge.CONTINUE,
            lead_after_challenge=LeadAfterChallenge.KAMU,
            rounds=3,
        )
        base.update(options)
        return cls(game=GameKind.KAMU, players=players, jokers=jokers, **base)

    @classmethod
    def duel(cls, **options: Unpack[HouseRules]) -> Rules:
        """Seed 004: two players, first to three round points."""
        return cls(game=GameKind.DUEL, players=2, bullets_per_player=0, **options)

    @property
    def uses_bullets(self) -> bool:
        """True when a challenge costs a bullet."""
        return self.bullets_per_player > 0

    @property
    def cards(self) -> int:
        """How many cards the game's deck(s) hold, jokers included (0 for the duel)."""
        if self.game is GameKind.DUEL:
            return 0
        return (DECK_CARDS[self.deck] + 2 * self.jokers) * self.decks

    @property
    def dealt_each(self) -> int:
        """The most cards a player is dealt (with the seed's Bullets deal some get one fewer)."""
        if self.hand_size != ALL_CARDS:
            return self.hand_size
        return -(-self.cards // self.players) if not self.deal_evenly else self.cards // self.players

    @property
    def ranks(self) -> tuple[str, ...]:
        """The rank sequence, in calling order."""
        return self.deck.ranks

    def but(self, **changes: Unpack[Options]) -> Rules:
        """A copy with some options changed (validated again)."""
        return replace(self, **changes)


_ENUMS = (
    ("who_may_challenge", WhoMayChallenge),
    ("rank_after_challenge", RankAfterChallenge),
    ("lead_after_challenge", LeadAfterChallenge),
    ("opening", Opening),
)
