"""The duel's action bar: what the person to act may press, click or scroll, and what it asks.

The bar keeps its own focus, kept dice and claim picker. It reads the round from the
frame's DuelFacts (given by update() once per frame) and answers a press with a Command for
the screen to carry out; it never reaches into the screen or the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.duel import Phase
from scenes.duel import layout as L
from scenes.duel.frame import BarLook, DuelFacts
from scenes.duel.picker import ClaimPicker
from scenes.shell.input import Intent
from scenes.shell.keys import key_label
from scenes.ui.lang import t

# The picker's letter shortcuts, each with spare letters in case a player owns the first.
SHORTCUT_KEYS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("next", (pygame.K_n, pygame.K_j, pygame.K_b)),
    ("higher", (pygame.K_h, pygame.K_u, pygame.K_g)),
    ("kind", (pygame.K_k, pygame.K_l, pygame.K_o)),
    ("mine", (pygame.K_d, pygame.K_y, pygame.K_i)),
)
DICE_ITEMS = tuple(f"die{i}" for i in range(5))
BID_ITEMS = (*DICE_ITEMS, "reroll", "propose", "challenge")
ALL_ITEMS = (*BID_ITEMS, "mood0", "mood1", "mood2")


@dataclass(frozen=True, slots=True)
class Command:
    """What a press on the bar asks the screen to do, for whom, from whose key."""

    kind: str  # "declare" | "reroll" | "propose" | "challenge" | "next_round" | "curtain"
    seat: int | None = None
    value: object = None  # the mood, the kept dice, the claimed dice
    player: int | None = None  # the key's owner (None: a shared key or the mouse)


class Controls:
    """Focus, kept dice and the claim picker of the person whose turn it is."""

    def __init__(self, taken: set[int], sound: Callable[..., None], say: Callable[[str], None],
                 may_act: Callable[[int, int | None], bool]) -> None:  # fmt: skip
        """taken: key codes people own (shortcut letters avoid them); sound(name, volume),
        say(text) and may_act(seat, player) are the app's and the flow's services."""
        self.sound, self.say, self.may_act = sound, say, may_act
        self.keys: dict[str, int] = {}
        for action, candidates in SHORTCUT_KEYS:
            free = [c for c in candidates if c not in taken and c not in self.keys.values()]
            if free:
                self.keys[action] = free[0]
        self.picker: ClaimPicker | None = None
        self.keep: set[int] = set()
        self.focus = "propose"
        self.notice: tuple[str, float] | None = None  # a refusal shown in the reroll panel, since when
        self.offer: tuple | None = None  # what may be done now; focus resets when it changes
        self.duel: DuelFacts | None = None
        self.acting: int | None = None
        self.curtain: int | None = None
        self.now = 0.0
        self.player: int | None = None  # whose key the press being handled came from

    # -- state -------------------------------------------------------------------------

    def update(self, duel: DuelFacts, acting: int | None, curtain: int | None, dice, now: float) -> None:
        """The round as the bar sees it this frame; dice: the acting person's own dice, or None."""
        self.duel, self.acting, self.curtain, self.now = duel, acting, curtain, now
        offer = (acting, duel.phase, duel.turn, duel.allowed_moods, duel.may_reroll, duel.may_propose,
                 duel.may_challenge, duel.must_challenge)  # fmt: skip
        if offer != self.offer:
            # Whenever the set of possible actions changes, the focus goes to a visible, legal one.
            self.offer = offer
            if self.focus not in self.items() or not self.enabled(self.focus):
                self.focus = self._default_focus()
        if acting is None or duel.phase is not Phase.BIDDING or dice is None:
            return
        if self.picker is None or self.picker.to_beat != (tuple(duel.claim) if duel.claim else None):
            self.picker = ClaimPicker(duel.claim, dice)
        elif self.picker.own != dice:
            self.picker.set_own(dice)

    def new_turn(self) -> None:
        """The turn passed (or a curtain lifted): fresh picker, nothing kept."""
        self.picker = None
        self.keep = set()
        self.notice = None
        self.offer = None
        if self.duel is not None:
            self.focus = self._default_focus()

    def look(self) -> BarLook:
        """The bar's state for the painters of this frame."""
        enabled = frozenset(item for item in ALL_ITEMS if self.duel is not None and self.enabled(item))
        return BarLook(self.focus, frozenset(self.keep), self.picker, self.notice,
                       tuple(self.shortcut_labels()), enabled)  # fmt: skip

    def _default_focus(self) -> str:
        duel = self.duel
        if duel.phase is Phase.OPENING:
            return "mood0"
        if duel.must_challenge or not duel.may_propose:
            return "challenge"
        return "propose"

    def shortcut_labels(self) -> list[tuple[str, str, str]]:
        """(action, key cap, words) for the picker's shortcut chips."""
        first = self.duel is None or self.duel.claim is None  # before any claim "next" is the lowest
        words = {a: t("duel.pick.lowest" if first and a == "next" else f"duel.pick.{a}") for a in self.keys}
        return [(action, key_label(code), words[action]) for action, code in self.keys.items()]

    def enabled(self, item: str) -> bool:
        """Whether a control of the bar may be used now."""
        duel = self.duel
        if item.startswith("mood"):
            return duel.phase is Phase.OPENING and int(item[4:]) < len(duel.allowed_moods)
        if item.startswith("die") or item == "reroll":
            if not duel.may_reroll:
                return False
            return item != "reroll" or len(self.keep) < 5
        if item == "propose":
            return duel.may_propose and self.picker is not None and not self.picker.empty
        if item == "challenge":
            return duel.may_challenge
        return False

    def items(self) -> tuple[str, ...]:
        """The controls in left-to-right order for the arrow keys."""
        duel = self.duel
        if duel.phase is Phase.OPENING:
            return tuple(f"mood{i}" for i in range(len(duel.allowed_moods)))
        return BID_ITEMS

    # -- intents -----------------------------------------------------------------------

    def handle(self, intent: Intent) -> tuple[bool, Command | None]:
        """Route an intent of the action bar: (used, what the screen should do, if anything)."""
        kind, duel = intent.kind, self.duel
        if duel is None:
            return False, None
        if duel.phase is Phase.OVER:
            clicked = kind == "click" and intent.pos and L.NEXT_BUTTON.collidepoint(intent.pos)
            if kind in ("confirm", "select") or clicked:
                return True, Command("next_round", player=intent.player)
            return False, None
        if self.curtain is not None:
            if kind in ("confirm", "select", "click"):
                return True, Command("curtain")  # shared keys and clicks never lift a curtain
            return False, None
        seat = self.acting
        if seat is None:
            return False, None
        if kind != "motion" and not self.may_act(seat, intent.player):
            return kind != "click", None  # another person's key, or too soon after the hand-over
        self.player = intent.player
        if kind in ("motion", "click") and intent.pos is not None:
            item = self.item_at(intent.pos)
            if item is not None and self.enabled(item):
                self.focus = item
            if kind == "motion":
                return item is not None, None
            return self._click(seat, intent.pos, item)
        if kind in ("left", "right", "tab"):
            self._move(-1 if kind == "left" or (kind == "tab" and intent.value < 0) else 1)
            return True, None
        if duel.phase is Phase.OPENING:
            if kind == "digit" and 1 <= intent.value <= len(duel.allowed_moods):
                return True, Command("declare", seat, duel.allowed_moods[intent.value - 1], intent.player)
            if kind in ("confirm", "select") and self.focus.startswith("mood"):
                return self.activate(seat, self.focus)
            return False, None
        return self._bidding_key(seat, intent)

    def _bidding_key(self, seat: int, intent: Intent) -> tuple[bool, Command | None]:
        kind, picker = intent.kind, self.picker
        if kind in ("up", "down", "wheel") and picker is not None:
            delta = intent.value if kind == "wheel" else (1 if kind == "up" else -1)
            self._moved(picker.step(delta))
        elif kind in ("page_up", "page_down") and picker is not None:
            self._moved(picker.page(1 if kind == "page_up" else -1))
        elif kind == "home" and picker is not None:
            self._moved(picker.next_claim())
        elif kind == "digit" and 1 <= intent.value <= 5:
            return self.activate(seat, f"die{intent.value - 1}")
        elif kind == "select":
            return self.activate(seat, "reroll")
        elif kind == "confirm":
            return self.activate(seat, self.focus)
        elif kind == "unbound_key" and intent.source is not None:
            action = next((a for a, code in self.keys.items() if code == intent.source.code), None)
            if action is None:
                return False, None
            self.shortcut(action)
        else:
            return False, None
        return True, None

    def shortcut(self, action: str) -> None:
        """Run one of the picker's shortcuts."""
        picker = self.picker
        if picker is None or picker.empty:
            return
        if action == "mine":
            if not picker.mine():
                self.say(t("duel.toast.mine_too_low"))
                self.sound("tock")
                return
            self._moved(True)
        else:
            moves = {"next": picker.next_claim, "higher": picker.raise_main, "kind": picker.next_kind}
            self._moved(moves[action]())
        self.focus = "propose"

    def _moved(self, moved: bool) -> None:
        self.sound("tick" if moved else "tock", 0.6 if moved else 0.4)

    def _move(self, delta: int) -> None:
        items = self.items()
        if self.focus not in items:
            self.focus = items[0]
        start = items.index(self.focus)
        for step in range(1, len(items) + 1):
            item = items[(start + delta * step) % len(items)]
            if self.enabled(item):
                self.focus = item
                self.sound("tick", 0.5)
                return

    def activate(self, seat: int, item: str) -> tuple[bool, Command | None]:
        """Use one control: a die toggles, the buttons ask the screen to act."""
        duel, player = self.duel, self.player
        if not self.enabled(item):
            if item.startswith("die") or item == "reroll":
                reason = "duel.toast.no_reroll_first" if duel.claim is None else "duel.toast.no_rerolls"
                if duel.may_reroll:
                    reason = "duel.toast.keep_fewer"
                self.notice = (t(reason), self.now)  # said in the reroll panel, not over the picker
            elif item == "challenge":
                return True, Command("challenge", seat, player=player)  # the engine says why not
            self.sound("tock")
            return True, None
        if item.startswith("mood"):
            return True, Command("declare", seat, duel.allowed_moods[int(item[4:])], player)
        if item.startswith("die"):
            self.keep ^= {int(item[3:])}
            self.sound("click", 0.6)
            return True, None
        if item == "reroll":
            return True, Command("reroll", seat, tuple(sorted(self.keep)), player)
        if item == "propose":
            assert self.picker is not None
            return True, Command("propose", seat, self.picker.selected, player)
        return True, Command("challenge", seat, player=player)

    # -- the mouse ---------------------------------------------------------------------

    def item_at(self, pos: tuple[int, int]) -> str | None:
        """The control under the mouse, if any."""
        duel = self.duel
        if duel.phase is Phase.OPENING:
            for i, rect in enumerate(L.mood_rects(len(duel.allowed_moods))):
                if rect.collidepoint(pos):
                    return f"mood{i}"
            return None
        seat = self.acting
        if seat is not None:
            for i in range(5):
                if L.die_rect(seat, i).collidepoint(pos):
                    return f"die{i}"
        for item, rect in (("reroll", L.REROLL_BUTTON), ("propose", L.PROPOSE_BUTTON),
                           ("challenge", L.CHALLENGE_BUTTON)):  # fmt: skip
            if rect.collidepoint(pos):
                return item
        return None

    def _click(self, seat: int, pos: tuple[int, int], item: str | None) -> tuple[bool, Command | None]:
        picker = self.picker
        if item is not None:
            return self.activate(seat, item)
        if picker is not None and self.duel.phase is Phase.BIDDING:
            if L.PICK_UP.collidepoint(pos):
                self._moved(picker.step(1))
                return True, None
            if L.PICK_DOWN.collidepoint(pos):
                self._moved(picker.step(-1))
                return True, None
            labels = self.shortcut_labels()
            rects = L.shortcut_rects([(key, words) for _, key, words in labels])
            for (action, _, _), rect in zip(labels, rects, strict=True):
                if rect.collidepoint(pos):
                    self.shortcut(action)
                    return True, None
        return False, None
