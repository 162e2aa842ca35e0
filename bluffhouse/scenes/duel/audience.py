"""The duel's audience: what the watchers are shown and asked (scenes/phones/watchers.py).

Built from the stage's show — what the TV shows now, beat by beat: the claim in its bubble,
the log, the scores, a cup once it is lifted — never from a cup. The question is "Does the
claim hold?" on the claim the TV shows, from the moment it is made until the challenged cup is
lifted (a challenge is decided in under a second, so the room votes on every claim that stands,
and the one challenged is counted); the verdict is the lifted cup's.
"""

from __future__ import annotations

from types import SimpleNamespace

from bluffhouse.game.dice import claim_index
from bluffhouse.game.duel_events import Challenged, DiceRevealed, Proposed
from bluffhouse.scenes.duel.words import claim_words
from bluffhouse.scenes.phones.audience import Question, Verdict
from bluffhouse.scenes.ui.lang import t

ROUND = 1000  # question numbers of the next round start beyond every claim of this one (248)


def question_id(round_number: int, claim: tuple[int, ...]) -> int:
    """A claim's question number: claims only rise within a round, and rounds only go on."""
    return round_number * ROUND + claim_index(claim)


def watch(phones, scene, paused: bool) -> None:
    """Tell the audience what the TV shows now (when anything of it changed)."""
    watchers = phones.hub.watchers
    if not watchers.audience.here and watchers.audience.game is None:
        return  # nobody watches: nothing to count
    show, duel = scene.stage.show, scene.duel
    lifted = next((s for s in (0, 1) if show.seats[s].lifted), None)
    scores = tuple(s.score for s in show.seats)
    key = (
        scene.round_number,
        show.claim,
        show.claimant,
        lifted,
        scores,
        len(show.told),
        paused,
        duel.turn,
        duel.phase,
        watchers.audience.count,
        t("phone.lang"),
    )
    if getattr(phones, "watched", None) == key:
        return
    phones.watched = key
    names = phones.names
    history = duel.view(0).history  # only its public events are read: claims, a challenge, a lifted cup
    question = verdict = reveal = None
    told = tuple(e for e in history if lifted is not None or not isinstance(e, DiceRevealed))  # no spoiler
    if show.claim is not None and show.claimant is not None:
        qid = question_id(scene.round_number, show.claim)
        if lifted is None:
            proposed = [i for i, e in enumerate(history) if isinstance(e, Proposed)]
            challenged = bool(proposed) and any(isinstance(e, Challenged) for e in history[proposed[-1] :])
            text = t("phone.call", name=names[show.claimant], words=claim_words(show.claim))
            question = Question(qid, "claim", text, challenged)
        else:
            met = next((e.value_met for e in reversed(history) if isinstance(e, DiceRevealed)), False)
            verdict = Verdict(qid, met)
            key_words = "duel.verdict.holds" if met else "duel.verdict.bluff"
            reveal = {
                "seat": lifted,
                "dice": list(show.seats[lifted].dice or ()),
                "truthful": met,
                "words": t(key_words, name=names[lifted]),
            }
    players = [
        {
            "name": names[s],
            "kind": phones.kinds[s],
            "score": show.seats[s].score,
            "away": phones.hub.status(s) == "away",
            "turn": duel.turn == s and lifted is None,
        }
        for s in (0, 1)
    ]
    turn = duel.turn if duel.turn is not None else 0
    public = {
        "game": "duel",
        "title": t("duel.round", n=scene.round_number, points=scene.match.rules.points_to_win),
        "players": players,
        "call": question.text if question is not None else None,
        "reveal": reveal,
        "log": phones._log(SimpleNamespace(seat=-1, history=told)),  # spoken to nobody: "Ana", never "you"
        "status": t("phone.page.paused") if paused else t("phone.status.duel.turn_of", name=names[turn]),
        "paused": paused,
        "over": False,
    }
    watchers.show(public, question, verdict, scene.match, "claim", {"game": "duel"})
