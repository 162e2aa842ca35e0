"""The card table's audience: what the watchers are shown and asked (scenes/phones/watchers.py).

Built from what every seat sees alike (TablePhones.public: names, counts, bullets, the last
call, a reveal's turned-up cards, the log) — never from a hand. The question is the last call,
while its challenge window is open: "Lie or truth?"; the verdict is the latest call the TV
turned face up (a challenge, or a Kamu Fakó let pass), numbered by its place in the history.
"""

from __future__ import annotations

from bluffhouse.game.table_view import CallRecord
from bluffhouse.scenes.phones.audience import Question, Verdict
from bluffhouse.scenes.table.phone_cards import deck_faces
from bluffhouse.scenes.ui.lang import t

ROUND = 100_000  # question numbers of a match's next game start beyond every one of the last


def question(view, call: str | None, base: int = 0) -> Question | None:
    """The last call while it may be challenged (call: its words as the TV says them; base: the
    first number of this game's questions)."""
    if view.over or not view.window_open or call is None:
        return None
    history = view.history
    last = next((i for i in range(len(history) - 1, -1, -1) if isinstance(history[i], CallRecord)), None)
    return None if last is None else Question(base + last, "call", call)


def verdict(view, base: int = 0) -> Verdict | None:
    """The latest call turned face up for everybody: whether it was the truth."""
    for index in range(len(view.history) - 1, -1, -1):
        record = view.history[index]
        if isinstance(record, CallRecord) and record.revealed:
            return Verdict(base + index, bool(record.truthful) if record.challenged_by is not None else False)
    return None


def status(view, names: list[str], rank_word) -> str:
    """The line over the page: who plays now, or who won (as the TV says it to the room)."""
    if view.over:
        return t("phone.status.wins", name=names[view.winner])
    return t("phone.status.turn_of", name=names[view.turn], rank=rank_word)


def watch(phones, scene, view, public: dict) -> None:
    """Tell the audience what the TV shows now (view: any seat's; only its public part is used)."""
    watchers = phones.hub.watchers
    if not watchers.audience.here and watchers.audience.game is None:
        return  # nobody watches: nothing to count
    from bluffhouse.scenes.table.words import rank_word

    shown = {**public, "status": status(view, phones.names, rank_word(scene.rules, view.rank))}
    rules = scene.rules
    hello = {"game": rules.game.value, "deck": rules.deck.value, "faces": deck_faces(rules)}
    base = scene.game_number * ROUND
    asked = question(view, public.get("call"), base)
    watchers.show(shown, asked, verdict(view, base), scene.match, "call", hello)
