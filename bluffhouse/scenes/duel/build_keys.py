"""The claim builder's controls: its chips, their letters, where they sit (no drawing).

Every chip of the builder is one item of the action bar: `kind0`…`kind7` (the kinds of hand,
lowest first), `face<row>.<face>` (a face of one part), `mine` and `lowest`. The keyboard has
one letter per kind and per face, laid out like the chips: the kinds on the top letter row
(Q W E R T Y U I), the faces on the home row (A S D F G H: the ace, then 6 down to 2), "my
dice" Z and "just beat it" X. A letter a player owns as their own key gives way to a spare.
"""

from __future__ import annotations

import pygame

from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.builder import FACES_HIGH_FIRST, KINDS, ClaimBuilder
from bluffhouse.scenes.ui.keys import RESERVED_KEYS

KIND_ITEMS = tuple(f"kind{i}" for i in range(len(KINDS)))
SHORTCUT_ITEMS = ("mine", "lowest")
ROWS_MAX = 3
FACE_ITEMS = tuple(f"face{row}.{face}" for row in range(ROWS_MAX) for face in FACES_HIGH_FIRST)
# The letter each key action wants, in the order they are given out.
LETTERS: tuple[tuple[str, int], ...] = (
    *(
        (f"kind{i}", key)
        for i, key in enumerate(
            (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y, pygame.K_u, pygame.K_i)
        )
    ),
    *(
        (f"face.{face}", key)
        for face, key in zip(
            FACES_HIGH_FIRST,
            (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f, pygame.K_g, pygame.K_h),
            strict=True,
        )
    ),
    ("mine", pygame.K_z),
    ("lowest", pygame.K_x),
)
# Everybody's letters (M to mute, L for the log) are never a spare.
SPARES = tuple(
    code
    for code in (
        pygame.K_j,
        pygame.K_k,
        pygame.K_l,
        pygame.K_o,
        pygame.K_p,
        pygame.K_v,
        pygame.K_b,
        pygame.K_n,
        pygame.K_c,
    )
    if code not in RESERVED_KEYS
)


# Every key move of the builder: its letters, then Page Down/Up (RB/LB, the wheel), Home, End.
KEY_MOVES: tuple[str, ...] = (
    *(action for action, _ in LETTERS),
    "kind_next",
    "kind_back",
    "lowest",
    "highest",
)


def builder_keys(taken: set[int]) -> dict[str, int]:
    """Key action -> key code, each letter a free one (spares stand in for letters people own)."""
    keys: dict[str, int] = {}
    spares = [code for code in SPARES if code not in taken]
    for action, code in LETTERS:
        if code in taken:
            if not spares:
                continue
            code = spares.pop(0)
        keys[action] = code
    return keys


def face_item(row: int, face: int) -> str:
    """The item of a face chip."""
    return f"face{row}.{face}"


def parse_face(item: str) -> tuple[int, int]:
    """(row, face) of a face chip's item."""
    row, face = item[4:].split(".")
    return int(row), int(face)


def builder_items(builder: ClaimBuilder | None) -> tuple[str, ...]:
    """The builder's chips in reading order: kinds, the two shortcuts, each part's faces."""
    if builder is None:
        return ()
    faces = tuple(face_item(row, face) for row in range(len(builder.rows)) for face in FACES_HIGH_FIRST)
    return (*KIND_ITEMS, *SHORTCUT_ITEMS, *faces)


def builder_rect(item: str) -> pygame.Rect | None:
    """Where a chip of the builder is (None for another item)."""
    if item.startswith("kind"):
        return L.kind_rect(int(item[4:]))
    if item in SHORTCUT_ITEMS:
        return L.shortcut_rect(SHORTCUT_ITEMS.index(item))
    if item.startswith("face"):
        row, face = parse_face(item)
        return L.face_rect(row, FACES_HIGH_FIRST.index(face))
    return None


def builder_usable(builder: ClaimBuilder | None, item: str) -> bool:
    """Whether a chip may be used now (a face another part holds may not; nor my dice too low)."""
    if builder is None or builder.empty:
        return False
    if item == "mine":
        return builder.mine_value is not None
    if item.startswith("face"):
        row, face = parse_face(item)
        return row < len(builder.rows) and face in builder.free(row)
    return item.startswith("kind") or item == "lowest"


def use(builder: ClaimBuilder, item: str) -> bool:
    """Press a chip (a click, or Enter and the pad's ✕/A on the focused chip); True if it changed."""
    if item.startswith("kind"):
        return builder.choose(KINDS[int(item[4:])])
    if item.startswith("face"):
        row, face = parse_face(item)
        moved = builder.press(row, face)
        builder.focus_row(row)
        return moved
    if item == "lowest":
        return builder.lowest()
    return builder.mine()


def key_move(builder: ClaimBuilder, move: str) -> bool | None:
    """One key of the builder (see KEY_MOVES): True if the claim changed, None if refused."""
    if move.startswith("face."):
        return builder.key_face(int(move[5:]))
    if move in ("kind_next", "kind_back"):
        return builder.step_kind(1 if move == "kind_next" else -1)
    if move == "highest":
        return builder.highest()
    if move == "mine" and builder.mine_value is None:
        return None
    return use(builder, move)
