"""Every text of a language, filled with real names and numbers, screen by screen, beside English:
the sheet a native reviewer reads.

    .venv/bin/python tools/words_sheet.py --lang hu            (every screen, Hungarian beside English)
    .venv/bin/python tools/words_sheet.py --lang fr --screen story --screen results
    .venv/bin/python tools/words_sheet.py --lang es --default-names    (names as nobody typed them)

A screen is one table file (assets/lang/<code>/<screen>.json). Each text is filled as the game
fills it (scenes.ui.grammar: French elision, Spanish y/e, Hungarian a/az and number suffixes)
with names that show those rules (Ana, Iris, Hugo), numbers, and the game's own words for a
rank, a call, a claim, a mood, a card, a date: the words the screens put in its blanks, in the
language read. A text that changes with a count is shown at each count that changes its words
(0, 1, 2, 5 and 21). The last line counts the texts and the lines printed.
"""

from __future__ import annotations

import argparse
import json
import os
import string
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bluffhouse.game.cards import parse_card
from bluffhouse.game.duel_events import Mood
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.words import claim_words, many, mood_words, one
from bluffhouse.scenes.table.words import call_words, card_text, number_word, rank_word
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.dates import clock_time, duration, full_date
from bluffhouse.scenes.ui.lang import LANG_DIR, has_text, percent, set_language, t

COUNTS = (0, 1, 2, 5, 21)
BULLETS = Rules.bullets()
NAMES = ("Ana", "Iris", "Hugo", "Ben")  # a vowel, an i sound, a mute h, a consonant


def _names(default: bool) -> tuple[str, ...]:
    if default:  # as nobody named them: "Player 1", "1. játékos"
        return tuple(t("setup.player_n", n=n) for n in (1, 5, 2, 3))
    return NAMES


def sample(blank: str, names: tuple[str, ...], key: str = "") -> object:
    """What the game puts in a blank of this name (in the text of key), in the language of the moment."""
    a, b, c, d = names
    people = {
        "name": a,
        "caller": b,
        "challenger": c,
        "claimant": a,
        "seat": d,
        "turn": a,
        "owner": b,
        "other": c,
        "waiting": d,
        "winner": a,
        "taken": b,
        "old": c,
    }
    if blank in people:
        return people[blank]
    moment = 1_700_000_000 + 14 * 3600
    played = ", ".join(card_text(parse_card(code)) for code in ("KS", "7D"))
    words = {
        "names": f"{a}, {d}",
        "players": f"{a}, {b}",
        "people": 3,
        "a": a,
        "b": d,
        "rank": rank_word(BULLETS, "K", 2),
        "called": rank_word(BULLETS, "Q", 2),
        "call": call_words(BULLETS, 3, "K"),
        "words": call_words(BULLETS, 2, "7"),
        "card": card_text(parse_card("QH")),
        "cards": played,
        "what": played,
        "first": t("story.challenge.caught"),
        "second": many(2),
        **{f"k{i}": one(face) for i, face in enumerate((1, 3, 4, 5, 2), 1)},
        "claim": claim_words((6, 6, 6, 2, 1)),
        "claimed": claim_words((5, 5, 2, 2, 3)),
        "had": "6 5 4 3 1",
        "held": "6 6 3 2 1",
        "value": claim_words((4, 4, 1, 2, 3)),
        "level": t("setup.level.expert"),
        "mood": mood_words(Mood.SATISFIED),
        "game": t("menu.duel"),
        "title": t("story.fame.best_liar"),
        "percent": percent(40),
        "share": percent(65),
        "date": full_date(moment),
        "time": clock_time(time.localtime(moment)),
        "minutes": 4,
        "length": t("setup.length.game", minutes=4) if key.startswith("setup.") else duration(170),
        "path": "/home/ana/.local/share/bluffhouse/replays/2024-03-09-Ana.bhreplay",
        "why": "Permission denied",
        "version": "1.4",
        "port": 8765,
        "command": "bluffhouse --phones-check",
        "pad": t("input.pad", n=1),
        "button": "A",
        "key": "Q",
        "peek": "E",
        "keys": "Q, E",
        "role": t("duel.setup.role.challenge" if key.startswith("duel.") else "setup.role.challenge"),
        "count": number_word(3),
        "each": 5,
        "many": many(6),
        "face": 6,
        "month": t("app.month.11"),
        "day": 14,
        "year": 2023,
        "hour": 22,
        "mm": "13",
        "h": 1,
        "m": 25,
        "text": t("duel.mood.satisfied") if has_text("duel.mood.satisfied") else "…",
        "detail": t("story.really", what="K♠, 7♦"),
        "truth": t("story.really", what="K♠, 7♦"),
        "outcome": t("story.short.caught"),
        "then": t("story.picks_up", name=c, n=5),
        "suit": t("table.suit.hungarian.P") if has_text("table.suit.hungarian.P") else "♥",
    }
    return words.get(blank, 3)  # every other blank is a number: points, rounds, a move, a page…


def _forms(entry: object) -> list:
    return list(entry.values()) if isinstance(entry, dict) else [entry]


def blanks(form: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(form) if name]


def filled(key: str, entry: object, n: int | None, names: tuple[str, ...]) -> str:
    fields = {blank: sample(blank, names, key) for form in _forms(entry) for blank in blanks(str(form))}
    if n is not None:
        fields["n"] = n
        if "count" in fields:
            fields["count"] = number_word(n)
    return t(key, **fields)


def counts(entries: dict, key: str) -> tuple[int | None, ...]:
    """The counts that change a text's words (None: it has no count)."""
    if any(isinstance(table.get(key), dict) for table in entries.values()):
        return COUNTS
    forms = [form for table in entries.values() if key in table for form in _forms(table[key])]
    uses_n = any("n" in blanks(str(form)) for form in forms)
    return (3,) if uses_n else (None,)


def sheet(language: str, screens: list[str] | None, default_names: bool, out=sys.stdout) -> tuple[int, int]:
    """Print the sheet; (texts, lines) printed."""
    texts = lines = 0
    for path in sorted((LANG_DIR / "en").glob("*.json")):
        screen = path.stem
        if screens and screen not in screens:
            continue
        english = json.loads(path.read_text(encoding="utf-8"))
        theirs = json.loads((LANG_DIR / language / path.name).read_text(encoding="utf-8"))
        print(f"\n======== {screen} ({len(english)} texts) ========", file=out)
        for key, entry in english.items():
            texts += 1
            print(key, file=out)
            for n in counts({"en": english, language: theirs}, key):
                said = []
                for code in ("en", language):
                    set_language(code)
                    said.append(
                        (code, filled(key, lang._translator.table.get(key, entry), n, _names(default_names)))
                    )
                label = "" if n is None else f" n={n}"
                for code, text in said:
                    print(f"  {code}{label}: {text}", file=out)
                    lines += 1
    return texts, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", default="hu", help="es, fr or hu (beside English)")
    parser.add_argument("--screen", action="append", help="one table file (story, table…); may repeat")
    parser.add_argument("--default-names", action="store_true", help="names as nobody typed them")
    args = parser.parse_args(argv)
    if args.lang not in ("es", "fr", "hu", "en"):
        parser.error(f"--lang must be es, fr, hu or en, not {args.lang!r}")
    texts, lines = sheet(args.lang, args.screen, args.default_names)
    print(f"\n{texts} texts, {lines} lines ({args.lang} beside en)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
