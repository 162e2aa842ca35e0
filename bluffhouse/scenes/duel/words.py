"""Poker-dice values in words through the translation table ("a pair of aces, ...")."""

from __future__ import annotations

from bluffhouse.game.dice import Category, hand_value
from bluffhouse.game.duel_events import Mood
from bluffhouse.scenes.ui.lang import t

_CATEGORY_KEYS: dict[Category, str] = {
    Category.NOTHING: "nothing",
    Category.ONE_PAIR: "one_pair",
    Category.TWO_PAIRS: "two_pairs",
    Category.THREE_OF_A_KIND: "three",
    Category.SMALL_STRAIGHT: "small",
    Category.LARGE_STRAIGHT: "large",
    Category.FULL_HOUSE: "full",
    Category.FOUR_OF_A_KIND: "four",
    Category.FIVE_OF_A_KIND: "five",
}
_MOOD_KEYS = {
    Mood.SATISFIED: "satisfied",
    Mood.NOT_SATISFIED: "not_satisfied",
    Mood.INDIFFERENT: "indifferent",
}


def one(face: int) -> str:
    """One die in words with its article: "an ace", "a six"."""
    return t(f"duel.face.{face}.one")


def many(face: int) -> str:
    """Several dice of a face: "aces", "sixes"."""
    return t(f"duel.face.{face}.many")


def category_name(category: Category) -> str:
    """The kind of hand: "full house", "two pairs"."""
    return t(f"duel.cat.{_CATEGORY_KEYS[Category(category)]}")


def claim_words(dice) -> str:
    """The value of five dice in full words, as a player announces it."""
    value = hand_value(dice)
    c, f = value.category, value.faces
    key = _CATEGORY_KEYS[c]
    if c in (Category.SMALL_STRAIGHT, Category.LARGE_STRAIGHT):
        return t(f"duel.words.{key}")
    if c is Category.FIVE_OF_A_KIND:
        return t("duel.words.five", many=many(f[0]))
    if c is Category.FOUR_OF_A_KIND:
        return t("duel.words.four", many=many(f[0]), k1=one(f[1]))
    if c is Category.FULL_HOUSE:
        return t("duel.words.full", many=many(f[0]), second=many(f[1]))
    if c is Category.TWO_PAIRS:
        return t("duel.words.two_pairs", many=many(f[0]), second=many(f[1]), k1=one(f[2]))
    kickers = {f"k{i}": one(face) for i, face in enumerate(f[1:] if c else f, start=1)}
    if c is Category.THREE_OF_A_KIND:
        return t("duel.words.three", many=many(f[0]), **kickers)
    if c is Category.ONE_PAIR:
        return t("duel.words.one_pair", many=many(f[0]), **kickers)
    return t("duel.words.nothing", **kickers)


def mood_words(mood: Mood | str) -> str:
    """What a player says in the opening: "Satisfied", "All the same to me"."""
    return t(f"duel.mood.{_MOOD_KEYS[Mood(mood)]}")
