"""Refusals are data: a Reason and its fields, translated on screen; the table says what is legal."""

import ast
import json
import pickle
import random
import string
from pathlib import Path

import pytest
from sources import nodes, scan

from bluffhouse.game.actions import Accept, Challenge, Declare, Play
from bluffhouse.game.cards import FAKO_CARD, SZINES_CARD, Card, counts_as, parse_cards
from bluffhouse.game.duel import Duel
from bluffhouse.game.errors import ENGLISH, IllegalAction, Reason, WrongType
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table import Table, TablePhase
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.messages import refusal_key, refusal_text
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.shell.session import SeatSpec
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.truth import is_lie
from bluffhouse.scenes.ui.lang import has_text

ROOT = Path(__file__).resolve().parent.parent
REFUSALS = ROOT / "bluffhouse" / "assets" / "lang" / "en" / "refusal.json"


def test_every_reason_has_an_english_sentence_and_a_translation_key():
    table = json.loads(REFUSALS.read_text(encoding="utf-8"))
    # one sentence per reason, and a "you" form where the screen speaks to the one person
    assert {key.removesuffix(".you") for key in table} == {f"refusal.{reason.value}" for reason in Reason}
    assert set(ENGLISH) == set(Reason)
    for reason in Reason:
        assert has_text(f"refusal.{reason.value}")


def _raised_without_a_reason(path: Path) -> list[str]:
    """Each IllegalAction(...) / WrongType(...) of the file whose first argument names no Reason."""
    return [
        ast.unparse(node)
        for node in nodes(path)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", None) in ("IllegalAction", "WrongType")
        and not (node.args and "Reason." in ast.unparse(node.args[0]))
    ]


def test_every_raise_in_game_names_a_reason():
    """IllegalAction / WrongType are only ever raised with a Reason member as first argument."""
    for path in (ROOT / "bluffhouse" / "game").rglob("*.py"):
        assert scan(path, _raised_without_a_reason) == [], path  # kept between runs (tests/sources.py)
    with pytest.raises(TypeError):
        IllegalAction("a sentence is not a reason")


def test_a_refusal_carries_its_reason_and_fields_and_reads_as_english():
    t = Table.from_hands(Rules.bullets(3), ["AS AH", "2S 2H", "KS KH"])
    with pytest.raises(IllegalAction) as caught:
        t.apply(Play(1, parse_cards("2S")))
    error = caught.value
    assert error.reason is Reason.NOT_YOUR_TURN and (error.seat, error.turn) == (1, 0)
    assert error.fields == {"seat": 1, "turn": 0}
    assert str(error) == "It is seat 0's turn, not seat 1's"
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is IllegalAction and copy.reason is error.reason and str(copy) == str(error)
    with pytest.raises(WrongType) as caught:
        t.apply("play")
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, IllegalAction)
    assert caught.value.reason is Reason.NOT_A_MOVE


def test_refusal_text_translates_the_reason_and_names_the_seats():
    t = Table.from_hands(Rules.bullets(3), ["AS AH", "2S 2H", "KS KH"])
    with pytest.raises(IllegalAction) as caught:
        t.apply(Play(1, parse_cards("2S")))
    assert refusal_key(caught.value) == "refusal.not_your_turn"
    assert refusal_text(caught.value, ["Ana", "Ben", "Cy"]) == "Ben, it is Ana's turn"
    t.apply(Play(0, parse_cards("AS")))
    with pytest.raises(IllegalAction) as caught:
        t.apply(Challenge(0))
    assert refusal_text(caught.value, ["Ana", "Ben", "Cy"]) == "Ana: you cannot challenge your own call"
    with pytest.raises(IllegalAction) as caught:
        t.apply(Challenge(7))
    assert refusal_text(caught.value, ["Ana", "Ben", "Cy"]) == "There is no seat 7"  # not a name


def test_every_reason_translates_with_the_fields_its_english_sentence_uses():
    for reason, english in ENGLISH.items():
        names = {field for _, field, _, _ in string.Formatter().parse(english) if field}
        error = IllegalAction(reason, **{name: 1 for name in names})
        text = refusal_text(error, ["Ana", "Ben"])
        assert text and not text.startswith("refusal.") and "{" not in text, reason


def test_the_table_flow_says_a_refusal_in_the_players_words():
    table = Table.from_hands(Rules.bullets(2), ["AS AH 5C", "2S 2H 3D"])
    flow = TableFlow(table, [SeatSpec("Ana", True), SeatSpec("Ben", True)], {}, random.Random(1))
    pressed = flow.play(0, ["KS"], By.OWN)
    message = pressed.refusal
    assert not pressed and flow.drain_messages() == []  # returned to whoever pressed, not posted
    assert message.key == "refusal.not_in_hand" and message.text() == "Ana does not hold KS"


# ---- a card counts as the called rank ------------------------------------------------------


def test_a_card_counts_as_its_own_rank_or_as_a_szines_never_as_a_fako():
    assert counts_as(Card("7", "P"), "7") and not counts_as(Card("7", "P"), "8")
    assert counts_as(SZINES_CARD, "7") and counts_as(SZINES_CARD, "A")
    assert not counts_as(FAKO_CARD, "7")
    assert is_lie([FAKO_CARD], "7") and not is_lie([SZINES_CARD, Card("7", "T")], "7")


# ---- the table's phase and legal actions ------------------------------------------------------


def test_phases_follow_the_game():
    t = Table.from_hands(Rules.bullets(3), ["AS", "2S 2H", "KS KH"])
    assert t.phase is TablePhase.PLAY and t.view(1).phase is TablePhase.PLAY
    t.apply(Play(0, parse_cards("AS")))
    assert t.phase is TablePhase.ANSWER and t.view(2).phase is TablePhase.ANSWER
    assert t.legal_actions(1) == [Challenge(1), Accept(1)]
    assert t.legal_actions(2) == [Challenge(2)] and t.legal_actions(0) == []
    t.apply(Accept(1))
    assert t.phase is TablePhase.OVER and all(t.legal_actions(s) == [] for s in range(3))


def test_legal_plays_are_one_per_choice_of_ranks_and_the_fako_alone():
    rules = Rules.kamu(2, jokers=True)
    t = Table.from_hands(rules, ["7P 7T 8P *S *F", "9Z UM"])
    plays = [a.cards for a in t.legal_actions(0)]
    assert len(plays) == len(set(map(frozenset, plays)))
    assert (FAKO_CARD,) in plays and not any(FAKO_CARD in p for p in plays if len(p) > 1)
    assert tuple(parse_cards("7P 7T")) in plays and tuple(parse_cards("7T 7P")) not in plays
    assert max(map(len, plays)) == 4 and t.legal_actions(1) == []


@pytest.mark.parametrize("seed", range(12))
def test_legal_actions_are_exactly_what_apply_accepts(seed):
    rng = random.Random(seed)
    rules = rng.choice(
        [
            Rules.bullets(3),
            Rules.kamu(3, jokers=True),
            Rules.bullets(4, who_may_challenge=WhoMayChallenge.NEXT, bullets_per_player=1),
        ]
    )
    t = Table.deal(rules, seed)
    for _ in range(60):
        if t.is_over:
            break
        for seat in range(t.players):
            legal = t.legal_actions(seat)
            for action in legal[:3] + legal[-3:]:
                t.clone().apply(action)  # every listed action is accepted
            for action in (Challenge(seat), Accept(seat)):
                if action not in legal:
                    with pytest.raises(IllegalAction):
                        t.clone().apply(action)
            if not any(isinstance(a, Play) for a in legal):
                with pytest.raises(IllegalAction):
                    t.clone().apply(Play(seat, t.hand(seat)[:1]))
        t.apply(rng.choice(t.legal_actions(t.turn)))


def test_the_duel_keeps_its_legal_actions_and_refuses_with_reasons():
    duel = Duel.new(3, first=0, dice=((1, 1, 3, 3, 5), (6, 5, 5, 3, 2)))
    assert Declare(0, "indifferent") in duel.legal_actions(0)
    with pytest.raises(IllegalAction) as caught:
        duel.apply(Declare(1, "satisfied"))
    assert caught.value.reason is Reason.NOT_YOUR_TURN and caught.value.turn == 0


# ---- values the screens hand to the engine ------------------------------------------------------


def test_a_remembered_points_to_win_of_true_falls_back_instead_of_reaching_rules(tmp_path, monkeypatch):
    """Rules now refuses points_to_win=True; a damaged setting must not get that far."""
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    app = App(seed=1, home=MenuScene, mute=True)
    app.settings["duel.points"] = True
    assert DuelSetupScene(app).points == 3
