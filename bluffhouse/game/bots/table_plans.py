"""The hard player's choices: which cards to play (a short look ahead) and when to challenge."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from bluffhouse.game.bots.table_memory import SMALL_PILE, TableMemory
from bluffhouse.game.bots.table_reasoning import challengers, lie_estimate, proof_chances
from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.rules import LeadAfterChallenge, RankAfterChallenge
from bluffhouse.game.table_view import LastCall, TableView, is_bait

if TYPE_CHECKING:
    from bluffhouse.game.bots.table_levels import Personality

TURN_COST = 1.0  # one more turn of mine before I am out
CARD_TURNS = 0.7  # turns one more card in hand costs, beyond the look-ahead
BULLET_WEIGHT = 8.0  # tuned in tournaments: a wasted bullet costs dearly (1x-15x tried, 8x best)
# A person wants a reason to doubt, and a better one the more the doubt may cost. Tuned in
# tournaments (issue 13): without these, hard players caught 65% of lies, even at 40% odds on
# small piles, and rounds of four hard players ran 200+ calls until patience ran out.
DOUBT = 0.5  # the least chance of a lie hard challenges on a small pile (SMALL_PILE or fewer)
DOUBT_BIG_PILE = 0.9  # ... on a pile of up to 8 cards; on bigger ones it wants more still


@cache
def my_ranks(ranks: tuple[str, ...], players: int, now: str, turns: int) -> tuple[str, ...]:
    """The ranks this seat calls in its next `turns` turns, barring challenges (now first)."""
    start, length = ranks.index(now), len(ranks)
    return tuple(ranks[(start + k * players) % length] for k in range(turns))


def fodder_order(view: TableView, cards: list[Card]) -> list[Card]:
    """Cards best lied with first: ranks never called by this seat, then the farthest off."""
    seq = my_ranks(view.rules.ranks, view.players, view.rank, len(view.rules.ranks))
    held: dict[str, int] = {}
    for c in cards:
        held[c.rank] = held.get(c.rank, 0) + 1

    def wait(card: Card) -> tuple[int, int]:
        turns = seq.index(card.rank, 1) if card.rank in seq[1:] else 99
        return (-turns, held[card.rank])

    return sorted(cards, key=wait)


# ---------------------------------------------------------------------------- challenging


def hard_challenge(view: TableView, last: LastCall, memory: TableMemory, persona: Personality) -> bool:
    """Challenge `last`, the open call, when the expected gain beats the risk (pile, bullet, who
    leads next)."""
    estimate = lie_estimate(view, memory)
    if last.emptied_hand:
        # The caller wins unless a challenge catches a lie; a lone Fakó wins only if challenged.
        return estimate.caught >= estimate.fako
    # Read the call through what this caller's calls have proved so far (a learnt correction).
    memory.predict(len(view.history) - 1, estimate.caught)
    p = calibrated(estimate.caught, memory.lie_odds_factor(last.seat))
    pile = view.pile_size
    if p < required_suspicion(pile) - persona.doubt:
        return False
    n, me = view.players, view.seat
    opponents = [view.hand_sizes[s] for s in range(n) if s != me]
    caller_size = view.hand_sizes[last.seat]
    weight = 1.0 / (n - 1)
    if caller_size <= min(opponents):
        weight += 0.25  # the leader taking the pile is worth more
    if caller_size <= 3:
        weight += 0.35
    lead = lead_value(view, estimate.rank)
    gain = weight * pile + lead
    loss = float(pile)
    if view.rules.uses_bullets:
        loss += bullet_value(view, persona)
    if gain <= 0.0:
        return False  # even a caught lie would leave me worse off (a lead I cannot use)
    if p >= 0.999:
        return True
    threshold = loss / (gain + loss) - persona.doubt
    return p >= threshold


def required_suspicion(pile: int) -> float:
    """The least chance of a lie worth a challenge on a pile of `pile` cards."""
    if pile <= SMALL_PILE:
        return DOUBT
    # 0.9 up to 8 cards, 0.95 at 16, 0.98 at 40: a huge pile taken on a hunch sinks a round.
    return max(DOUBT_BIG_PILE, 1.0 - (1.0 - DOUBT_BIG_PILE) * 8 / pile)


def calibrated(chance: float, factor: float) -> float:
    """`chance` with its odds multiplied by `factor` (certainties stay certain)."""
    if chance <= 0.0 or chance >= 1.0:
        return chance
    odds = chance / (1.0 - chance) * factor
    return odds / (1.0 + odds)


def lead_value(view: TableView, challenged: str) -> float:
    """What leading after a caught lie is worth, in cards: a little tempo, or a win outright."""
    # A look-ahead comparing exit plans under both call sequences measured worse (57% against
    # 70% in Kamu): plans rarely survive the next challenge, so only the sure win is counted.
    rules, n = view.rules, view.players
    if rules.rank_after_challenge == RankAfterChallenge.CONTINUE:
        lead_rank = view.rank  # "the next call is the rank after the challenged one"
    else:
        lead_rank = challenged  # "restarts at the rank that was just challenged"
    if rules.lead_after_challenge == LeadAfterChallenge.KAMU:
        base = 0.35 * ((view.seat - view.turn) % n)  # "the challenger plays next": turns skipped
    else:
        base = 0.6  # the winner of the challenge leads
    hand = view.hand
    if len(hand) <= 4 and all(counts_as(c, lead_rank) for c in hand):
        return 20.0  # leading, this hand empties with a true call: a win
    return base


def bullet_value(view: TableView, persona: Personality) -> float:
    """What losing one bullet costs, in cards: dear when it is the last and someone is close."""
    mine = view.bullets[view.seat]
    closest = min(s for i, s in enumerate(view.hand_sizes) if i != view.seat)
    value = 1.5
    if mine == 1:
        value += 10.0 if closest <= 4 else 4.0 if closest <= 7 else 1.5
    elif mine == 2:
        value += 2.0 if closest <= 4 else 0.5
    return value * BULLET_WEIGHT * persona.caution


# ---------------------------------------------------------------------------- playing


def _counts(cards: Iterable[Card]) -> tuple[dict[str, int], int, int]:
    plain: dict[str, int] = {}
    szines = fako = 0
    for c in cards:
        if c.is_szines:
            szines += 1
        elif c.is_fako:
            fako += 1
        else:
            plain[c.rank] = plain.get(c.rank, 0) + 1
    return plain, szines, fako


def exit_cost(
    plain: dict[str, int],
    szines: int,
    fako: int,
    seq: tuple[str, ...],
    lie_one: float,
    lie_extra: float,
    no_exit: float,
) -> float:
    """Expected turns to empty this hand with a true last call, over the future calls `seq`.

    seq[0] is the call being made now; a plan keeps every card of the rank of a later turn J
    (Színes too) for a true hand-emptying call then, and sheds the rest in turns 1..J-1: the
    called rank honestly when held, else a lie (each turn at least one card, at most four).
    """
    size = sum(plain.values()) + szines + fako
    if size == 0:
        return 0.0
    best = float("inf")
    truthful = 0  # cards of earlier turns' ranks shed honestly (not the kept rank)
    idle = 0  # earlier turns with nothing of their rank: at least one lie each
    seen: dict[str, int] = {}
    for turn in range(1, len(seq)):
        rank = seq[turn]
        keep = min(plain.get(rank, 0) + szines, 4)
        if keep:
            honest, empty = truthful, idle
            if rank in seen:  # the kept rank was called earlier too: it sheds nothing then
                honest -= min(plain.get(rank, 0), 4 * seen[rank])
                empty += seen[rank]
            others = size - keep
            if turn - 1 <= others <= 4 * (turn - 1):
                lies = others - honest
                lies = max(lies, empty)
                cost = (
                    turn * TURN_COST + empty * lie_one + (lies - empty) * lie_extra + fako * lie_one
                )  # the Fakó must go alone, and often comes back
                best = min(best, cost)
        held = plain.get(rank, 0) - 4 * seen.get(rank, 0)
        if held > 0:
            truthful += min(held, 4)
        else:
            idle += 1
        seen[rank] = seen.get(rank, 0) + 1
    if best == float("inf"):
        best = (len(seq) - 1) * TURN_COST + size * CARD_TURNS + no_exit
    return best


def choose_play(view: TableView, memory: TableMemory, persona: Personality) -> list[Card]:
    """The cards that empty this hand fastest for the risk: truth, safe extras, far-off lies."""
    hand = list(view.hand)
    rank = view.rank
    if len(hand) <= 4 and all(counts_as(c, rank) for c in hand):
        return hand  # a true call that empties the hand wins
    able = challengers(view)
    fakos = [c for c in hand if c.is_fako]
    if len(hand) <= 4 and not able and not fakos:
        return hand  # "nobody left to challenge": a hand-emptying call wins at once
    plain_true = [c for c in hand if c.rank == rank and not c.is_joker]
    szines = [c for c in hand if c.is_szines]
    fodder = fodder_order(view, [c for c in hand if not c.is_joker and c.rank != rank])
    seq = my_ranks(view.rules.ranks, view.players, rank, len(view.rules.ranks) + 1)
    caught = _caught_table(view, memory, able, persona)
    penalty = (max(view.pile_size, 3) + 2) * CARD_TURNS + TURN_COST
    costs = Costs(
        seq, caught[1] * penalty, max(0.05, caught[2] - caught[1]) * penalty, penalty if able else 0.0
    )
    candidates: list[list[Card]] = []
    true_sets = [plain_true[:4]]
    if len(plain_true) >= 2:
        true_sets.append(plain_true[: min(4, len(plain_true)) - 1])
    if szines:
        true_sets.append((plain_true + szines)[:4])
    for base in true_sets:
        for extra in range(min(4 - len(base), len(fodder)) + 1):
            cards = base + fodder[:extra]
            if cards:
                candidates.append(cards)
    if fakos:
        candidates.append(fakos[:1])
    if not candidates:
        candidates.append(szines[:1] or hand[:1])
    before = costs.of(hand)
    best, best_score = candidates[0], float("inf")
    for cards in candidates:
        score = _score(cards, hand, rank, costs, before, caught, view.pile_size, penalty, able)
        if score < best_score - 1e-9:
            best, best_score = cards, score
    return best


class Costs:
    """exit_cost with this turn's calls and prices fixed."""

    __slots__ = ("lie_extra", "lie_one", "no_exit", "seq")

    def __init__(self, seq: tuple[str, ...], lie_one: float, lie_extra: float, no_exit: float) -> None:
        self.seq, self.lie_one, self.lie_extra, self.no_exit = seq, lie_one, lie_extra, no_exit

    def of(self, cards: Iterable[Card]) -> float:
        """Expected turns to empty a hand of these cards."""
        plain, szines, fako = _counts(cards)
        return exit_cost(plain, szines, fako, self.seq, self.lie_one, self.lie_extra, self.no_exit)


def _caught_table(view: TableView, memory: TableMemory, able: list[int], persona: Personality) -> list[float]:
    """P(a false call of 1-4 cards is challenged), by count (index 0 unused)."""
    table = [0.0]
    small = len(view.hand) <= 5
    proofs = proof_chances(view, memory, able)
    habits = [memory.habits[seat] for seat in able]
    for count in range(1, 5):
        escape = 1.0
        pile = view.pile_size + count
        for proof, rate in zip(proofs, (h.challenge_rate_at(pile) for h in habits), strict=True):
            suspicion = min(0.9, rate * (0.55 + 0.45 * count) * (1.4 if small else 1.0))
            escape *= 1.0 - (0.95 * proof[count] + (1.0 - proof[count]) * suspicion)
        table.append(min(1.0, (1.0 - escape) / max(persona.bluff, 0.05)))
    return table


def _score(
    cards: list[Card],
    hand: list[Card],
    rank: str,
    costs: Costs,
    before: float,
    caught: list[float],
    pile: int,
    penalty: float,
    able: list[int],
) -> float:
    """Expected turns to empty the hand after playing `cards`, risk included."""
    count = len(cards)
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    after = costs.of(rest)
    if is_bait(cards):
        # Bait: challenged, the challenger takes the pile; let pass, it comes back with the pile.
        challenged = caught[1]
        return challenged * after + (1 - challenged) * (before + (pile + 1) * CARD_TURNS)
    if all(counts_as(c, rank) for c in cards):
        return after
    risk = (1.0 if able else 0.0) if count == len(hand) else caught[count]
    return (1 - risk) * after + risk * (before + (pile + count) * CARD_TURNS + TURN_COST)
