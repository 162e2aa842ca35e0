"""The words of the phone page, in the game's language: the server sends them, the page shows them."""

from __future__ import annotations

from bluffhouse.scenes.ui.lang import t

# Every text the page itself shows (the game's lines — whose turn, the last call — come
# ready-made in each state). Keys are "phone.page.<name>"; the page asks for "<name>".
PAGE_KEYS = (
    "title", "connecting", "connected", "reconnecting", "offline", "replaced", "gone",
    "your_hand", "your_dice", "cards_left", "bullets", "bullets_n", "no_bullets", "pile", "turn", "you",
    "computer", "on_phone", "away", "play", "play_n", "pick", "pick_more", "too_many", "wait",
    "challenge", "challenge_off", "accept", "paused", "watch", "log", "last_call",
    "keep", "kept", "die", "dice_row", "reroll", "reroll_n", "reroll_none", "rerolls_left", "propose", "kind",
    "lower", "higher", "mine", "to_beat", "no_claim", "must_challenge", "next_round",
    "opening", "error", "bad_link", "take_back", "lobby", "lobby_next", "taken", "refused",
    "again", "play_here", "see_results", "ask_again", "your_code", "busy", "slow", "restarted",
    "audience", "ask_call", "ask_claim", "ask_challenged", "vote_lie", "vote_truth", "vote_yes", "vote_no",
    "vote_wait", "vote_change", "full", "watch_vote", "name_label", "name_save", "seat_title",
)  # fmt: skip
ERROR_CODES = ("binary", "too_big", "not_json", "too_deep", "not_object", "unknown_action",
               "bad_shape", "not_your_seat", "rate_limited", "not_playing")  # fmt: skip


def page_texts() -> dict[str, str]:
    """The page's words now: its labels and a sentence for every error code."""
    texts = {key: t(f"phone.page.{key}") for key in PAGE_KEYS}
    texts.update({f"error.{code}": t(f"phone.error.{code}") for code in ERROR_CODES})
    texts["lang"] = t("phone.lang")
    return texts
