"""No spoiler before the cards are turned (issue 18, playtest): from a challenge until its cards
are up and the verdict shown, nothing on screen depends on the verdict — not the buttons ("Dani
to play" told the winner leads), not the key help, the toasts, the panels' highlights or the
plaque. Twin tables, the same seed, differ only in the challenged cards, face down: a held call
and a caught one must give the same frames until the verdict."""

from dataclasses import fields

import pytest
from kit import challenged_frames


@pytest.fixture
def settings(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))


@pytest.mark.parametrize(
    ("ben_held", "ben_caught"),
    [
        (("KH KD 3S 9S", "KH KD"), ("KH KD 3S 9S", "KH 9S")),
        (
            ("KH KD", "KH KD"),
            ("KH 9S", "KH 9S"),
        ),  # his last cards: held, the game is over; caught, it goes on
    ],
)
def test_the_frames_between_a_challenge_and_its_verdict_do_not_tell_it(settings, ben_held, ben_caught):
    hands = ["AS AH 2S 5S", None, "3H 4S 4H 7C"]
    held = challenged_frames(ben_held[1], [hands[0], ben_held[0], hands[2]])
    caught = challenged_frames(ben_caught[1], [hands[0], ben_caught[0], hands[2]])
    assert len(held) > 10 and len(held) == len(caught)
    for n, ((a, toasts_a), (b, toasts_b)) in enumerate(zip(held, caught, strict=True)):
        told = [f.name for f in fields(a) if getattr(a, f.name) != getattr(b, f.name)]
        told += ["toasts"] if toasts_a != toasts_b else []
        assert not told, f"frame {n} after the challenge tells the verdict by its {told}: " + "; ".join(
            f"{getattr(a, f)} / {getattr(b, f)}" for f in told if f != "toasts"
        )
