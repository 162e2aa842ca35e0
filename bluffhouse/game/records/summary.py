"""`python main.py --replay FILE --frames N`: a replay stepped headless, told in one line.

The replay is played at 1x as a screen would, one frame of 1/60 s at a time: each frame the
cursor goes to the last move whose moment has come (games of a match follow each other with a
short gap). The line says where it got and what the record is.
"""

from __future__ import annotations

from bluffhouse.game.records.check import Story
from bluffhouse.game.records.cursor import Cursor

FRAME = 1 / 60


def step_frames(story: Story, frames: int | None) -> tuple[Cursor, int]:
    """A cursor stepped `frames` frames at 1x (to the end when None); (cursor, positions visited)."""
    cursor = Cursor(story)
    if frames is None:
        cursor.seek(cursor.positions - 1)
        return cursor, 1
    visited, position = 1, 0
    cursor.seek(0)
    for frame in range(1, frames + 1):
        wanted = cursor.position_at(frame * FRAME)
        if wanted != position:
            position = wanted
            cursor.seek(position)
            visited += 1
        if position == cursor.positions - 1:
            break
    return cursor, visited


def summary(story: Story, frames: int | None) -> str:
    """The one-line account of a replay stepped headless."""
    cursor, visited = step_frames(story, frames)
    record = story.record
    position = cursor.position
    game, moves = cursor.locate(position)
    told = [m for m in story.moments if m.step <= position]
    lies = sum(m.is_call and m.lie for m in told)
    challenges = sum(m.is_challenge for m in told)
    winners = ",".join(record.seats[s].name for s in record.winners) or "-"
    return (
        f"bluffhouse: replay game={record.game.value} players={record.rules.players} "
        f"games={len(record.games)} moves={record.moves} status={record.status.value} "
        f"frames={frames if frames is not None else '-'} position={position}/{cursor.positions - 1} "
        f"at_game={game + 1} at_move={moves} seconds={cursor.seconds(position):.2f} "
        f"lies={lies} challenges={challenges} positions_visited={visited} winners={winners}"
    )
