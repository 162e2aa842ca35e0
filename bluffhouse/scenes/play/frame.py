"""The privacy decision of a frame, both games': which of a hidden hand's or cup's faces the
people watching may see now, each face let through recorded by the privacy audit. A frame is
built once per update (PlayScene.show_frame) and holds only what this returns, so privacy is
tested on frames without painting (tests/test_frame_privacy.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bluffhouse.scenes.shell.privacy import PrivateViews

F = TypeVar("F")  # a face: a card, a die


def seen_faces(
    views: PrivateViews, owner: int, faces: Sequence[F], names: Sequence[str], lifted: bool = False
) -> tuple[F | None, ...] | None:
    """`owner`'s hidden faces as the frame may hold them: None when none may show now, else each
    face (or None, a back, where the model refuses it); every face on screen is recorded with its
    reason. lifted: turned up for all to see (a challenge); names: what the audit calls each."""
    if not lifted and views.why(owner) is None:
        return None
    return tuple(
        face if views.face_up(owner, name, lifted) else None for face, name in zip(faces, names, strict=True)
    )
