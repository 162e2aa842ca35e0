"""Words never covered by an animation at the moment they are needed (issue 35): "Both shake their
cups…" faded over the dice just rolled, and a card flying to the pile covered "CALL FOURS / Ben to
play" in the Quick game."""

from __future__ import annotations

import pygame
from kit import DUEL, TABLE, app_fixture, start_table, versus_computer
from watching import drawn

from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.shell.session import quick_setup
from bluffhouse.scenes.table import paint
from bluffhouse.scenes.table.scene import TableScene

__all__ = ["drawn"]
app = app_fixture(seed=3, first_frame=DUEL.dt, registry="fresh")  # the duel screens' app
run_until = TABLE.run_until


def test_the_duels_ribbon_crosses_no_cup_and_no_die(app, drawn):
    assert not any(L.RIBBON.colliderect(L.die_rect(seat, i)) for seat in (0, 1) for i in range(5))
    assert L.RIBBON.top >= L.CUP_REST_Y and L.RIBBON.bottom <= L.BAR.bottom - 48  # (the skip hint stays)
    scene = versus_computer(app)
    ribbons = 0
    for _ in range(600):  # the whole opening show: the first dice, who proposes, the roll
        drawn.clear()
        app.step(1 / 60, draw=True)
        beat = scene.stage.current  # (what was drawn: the frame after this update)
        if beat is not None and beat.kind == "banner" and beat.progress > 0.2:
            ribbons += 1
            on_ribbon = [d.words for d in drawn if d.surface.get_size() == L.RIBBON.size and d.words]
            under = [
                d.words
                for d in drawn
                if d.role == "line" and d.surface.get_size() == (1280, 720) and d.rect.colliderect(L.RIBBON)
            ]
            assert on_ribbon and not under, under  # the bar does not say the same words under it
        if not scene.frame.stage.busy:
            break
    assert ribbons


def test_the_call_plaque_is_painted_over_the_cards_in_flight(tmp_path, monkeypatch):
    from kit import new_app

    app = new_app(tmp_path, monkeypatch, seed=2)
    scene = start_table(app, TableScene(app, quick_setup(app)))
    run_until(app, lambda: bool(scene.frame.flyers) and scene.frame.plaque is not None, seconds=60)
    order: list[str] = []
    flyer, plaque = paint.draw_flyer, paint.draw_call_plaque
    monkeypatch.setattr(paint, "draw_flyer", lambda *a, **k: (order.append("flyer"), flyer(*a, **k)))
    monkeypatch.setattr(paint, "draw_call_plaque", lambda *a, **k: (order.append("plaque"), plaque(*a, **k)))
    paint.paint_table(scene.frame, pygame.Surface((1280, 720)))
    assert "flyer" in order and order[-1] == "plaque"  # the words of the call over the cards flying
    pygame.event.clear()
