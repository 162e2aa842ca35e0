"""The Replay screen (issue 21), stepped without drawing: opened from the results of every kind
of game and from a dropped file, refused for a game still being played; step, jump, scrub, speed."""

import gzip
import json
from dataclasses import replace

import kit
import pygame
import pytest
from story_helpers import finished_card_match, finished_duel_match, new_app, record_of

from bluffhouse.game.records.check import check
from bluffhouse.game.records.codec import encode
from bluffhouse.game.records.cursor import Cursor
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.results.duel import DuelResultsScene
from bluffhouse.scenes.shell.privacy import Replayed, Why
from bluffhouse.scenes.shell.session import GameRecord
from bluffhouse.scenes.story.chrome import BAR, button_rects
from bluffhouse.scenes.story.playback import Playback
from bluffhouse.scenes.story.replay import ReplayScene, open_file, open_replay
from bluffhouse.scenes.ui.lang import set_language, t


@pytest.fixture
def app(tmp_path, monkeypatch):
    set_language("en")
    yield new_app(tmp_path, monkeypatch)
    pygame.event.clear()


@pytest.fixture(scope="module")
def bullets():
    return record_of("bullets")


press = kit.Pace().press  # a key a frame of 1/60 s


def click(app, pos, kind=pygame.MOUSEBUTTONDOWN):
    """Half a click, the button going down (or up), then a frame: a drag's ends."""
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step(kit.DT)


# -- the playback ------------------------------------------------------------------------------


def test_playback_steps_jumps_and_scrubs_through_the_cursor(bullets):
    story = check(bullets, 16)
    playback, cursor = Playback(story), Cursor(story)
    assert playback.position == 0 and playback.step.moment is None
    assert playback.forward() and playback.position == 1 and playback.step.moment.index == 0
    assert playback.back() and not playback.back() and playback.position == 0
    lie = cursor.next_lie(0)
    assert lie is not None and playback.next_lie() and playback.position == lie
    assert story.moments[lie - 1].lie and story.moments[lie - 1].is_call  # just after the lie told
    challenge = cursor.next_challenge(playback.position)
    assert playback.next_challenge() and playback.position == challenge
    assert playback.previous_lie() and playback.position == cursor.previous_lie(challenge)
    assert playback.scrub(1.0) and playback.position == playback.last and not playback.next_lie()
    assert playback.scrub(0.5) and playback.position == round(playback.last / 2)
    assert playback.scrub(-3) and playback.position == 0
    # every position shows the engine as the record's moves left it (the same path as the bench)
    for position in (0, 17, playback.last // 3, playback.last):
        playback.go(position)
        assert playback.step.engine.snapshot() == cursor.seek(position).engine.snapshot()


def test_playback_plays_at_each_speed_and_stops_at_the_end(bullets):
    playback = Playback(check(bullets, 16))
    assert [playback.faster() for _ in range(3)] == [2, 4, 1]
    playback.toggle()
    assert playback.playing
    seconds = playback.cursor.seconds(10)
    playback.update(seconds)  # 1x: ten moves' worth of the game's own time
    assert playback.position >= 10
    at_1x = playback.position
    playback.go(0)
    playback.speed = 4
    playback.update(seconds / 4)
    assert playback.position == at_1x  # 4x: the same moves in a quarter of the time
    for _ in range(10_000):
        playback.update(1.0)
        if not playback.playing:
            break
    assert playback.position == playback.last and not playback.playing
    playback.toggle()  # playing from the end starts again from the first deal
    assert playback.playing and playback.position == 0


# -- opening it --------------------------------------------------------------------------------


def test_the_results_of_a_finished_game_open_its_replay_face_up(app):
    setup, match, table, flow = finished_card_match(app, Rules.bullets(4, bullets_per_player=1))
    results = ResultsScene(app, GameRecord(setup, match, table, flow.truth, flow.stats))
    app.stack.push(results)
    app.stack.apply()
    labels = [button.label for button in results.buttons]
    assert t("results.replay") in labels
    results.focus = labels.index(t("results.replay"))
    press(app, pygame.K_RETURN)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.record.uid == app.records.finished_record(match).uid
    assert replay.record.games[-1].winner == table.winner
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is results


def test_a_kamu_match_between_rounds_offers_no_replay_and_its_last_results_do(app):
    rules = Rules.kamu(3, jokers=True, rounds=2)
    setup, match, table, flow = finished_card_match(app, rules, to_end=False)
    between = ResultsScene(app, GameRecord(setup, match, table, flow.truth, flow.stats))
    assert not match.is_over and between.replay_record is None
    assert t("results.replay") not in [button.label for button in between.buttons]
    assert app.records.playing()  # the match is being played: nothing may show its hands
    app.records.leave_all()
    setup, match, table, flow = finished_card_match(app, rules, seed=4)
    over = ResultsScene(app, GameRecord(setup, match, table, flow.truth, flow.stats))
    assert over.replay_record is not None and len(over.replay_record.games) == 2


def test_the_duel_results_open_the_whole_match_with_both_cups(app):
    setup, match = finished_duel_match(app)
    results = DuelResultsScene(app, setup, match)
    app.stack.push(results)
    app.stack.apply()
    replay_button = results.menu.widgets[-1]
    assert replay_button.label == t("results.replay")
    replay_button.action()
    app.stack.apply()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.duel
    assert len(replay.record.games) == len(match.results)


def test_a_game_still_being_played_is_refused(app, bullets):
    story = check(bullets, 16)
    with pytest.raises(ValueError):
        Replayed(app.audit, bullets.uid, {bullets.uid})
    _setup, match, *_ = finished_card_match(app, Rules.kamu(3, rounds=2), to_end=False)
    live = app.records.finished_record(match)
    assert live is None
    tape_uid = next(iter(app.records.playing()))
    assert open_replay(app, replace(story, record=replace(bullets, uid=tape_uid))) is None
    assert not isinstance(app.stack.top, ReplayScene)
    assert app.toasts[-1].text == t("story.replay.live")


# -- a dropped file ----------------------------------------------------------------------------


def drop(app, path):
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.step(1 / 60)
    app.step(1 / 60)


def test_a_replay_dropped_on_the_window_opens(app, tmp_path, bullets):
    path = tmp_path / "bluffhouse.game.bhreplay"
    path.write_bytes(encode(bullets))
    drop(app, path)
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.record.uid == bullets.uid


@pytest.mark.parametrize(
    "damage, why",
    [
        ("newer", "newer_version"),
        ("truncated", "damaged"),
        ("illegal", "illegal_move"),
        ("not_ours", "not_a_replay"),
        ("folder", "not_a_replay"),
        ("missing", "unreadable"),
    ],
)
def test_a_bad_file_dropped_gives_one_line_and_nothing_opens(app, tmp_path, bullets, damage, why):
    data = encode(bullets)
    document = json.loads(gzip.decompress(data))
    path = tmp_path / "bad.bhreplay"
    if damage == "newer":
        document["version"] += 1
        path.write_bytes(gzip.compress(json.dumps(document).encode()))
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "illegal":
        moves = document["games"][0]["moves"]
        moves[0][1:], moves[1][1:] = moves[1][1:], moves[0][1:]  # the second seat plays first
        path.write_bytes(gzip.compress(json.dumps(document).encode()))
    elif damage == "not_ours":
        path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    elif damage == "folder":
        path.mkdir()
    before = list(app.stack.scenes)
    drop(app, path)
    assert app.stack.scenes == before
    assert [toast.text for toast in app.toasts] == [t(f"records.refused.{why}", n=1, game=1)]
    english = app.toasts[0].text
    set_language("hu")  # the line is kept as words: a new language tells it again
    try:
        assert app.toasts[0].text == t(f"records.refused.{why}", n=1, game=1) != english
    finally:
        set_language("en")


def test_nothing_dropped_opens_a_replay_over_a_game_being_played(app, tmp_path, bullets):
    from bluffhouse.scenes.shell.session import quick_setup
    from bluffhouse.scenes.table.scene import TableScene

    path = tmp_path / "bluffhouse.game.bhreplay"
    path.write_bytes(encode(bullets))
    app.stack.push(TableScene(app, quick_setup(app)))
    app.stack.apply()
    drop(app, path)
    assert isinstance(app.stack.top, TableScene)
    assert app.toasts[-1].text == t("story.drop.busy")
    app.stack.reset(app.home(app))  # the game is left: now the same file opens
    app.records.leave_all()
    app.stack.apply()
    assert open_file(app, str(path)) is not None


# -- the keys, the pad and the mouse -----------------------------------------------------------


def test_keys_step_jump_play_and_change_the_speed(app, bullets):
    scene = open_replay(app, check(bullets, 16))
    app.stack.apply()
    cursor = Cursor(scene.story)
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)
    assert scene.playback.position == 2
    press(app, pygame.K_LEFT)
    assert scene.playback.position == 1
    press(app, pygame.K_DOWN)
    assert scene.playback.position == cursor.next_lie(1)
    press(app, pygame.K_PAGEDOWN)
    assert scene.playback.position == cursor.next_challenge(cursor.next_lie(1))
    press(app, pygame.K_END)
    assert scene.playback.position == scene.playback.last
    press(app, pygame.K_DOWN)  # no lie after the end: one line says so
    assert app.toasts[-1].text == t("story.replay.no_lie")
    press(app, pygame.K_HOME, pygame.K_TAB, pygame.K_TAB)
    assert scene.playback.speed == 4 and scene.playback.position == 0
    press(app, pygame.K_2)
    assert scene.playback.speed == 2
    press(app, pygame.K_SPACE)
    assert scene.playback.playing
    for _ in range(120):
        app.step(1 / 20)
    assert scene.playback.position > 0
    press(app, pygame.K_RETURN)
    assert not scene.playback.playing


def test_s_exports_the_replay_it_shows_and_a_folder_it_cannot_write_is_said(app, tmp_path, bullets):
    from bluffhouse.scenes.story import share

    scene = open_replay(app, check(bullets, 16))
    app.stack.apply()
    press(app, pygame.K_s)
    files = list((tmp_path / "data" / "replays").glob("*.bhreplay"))
    assert [f.name for f in files] == [share.file_name(bullets)]  # <game>-<date>-<uid>.bhreplay
    assert files[0].name.startswith("bullets-") and files[0].name.endswith(f"-{bullets.uid}.bhreplay")
    assert files[0].name in app.toasts[-1].text  # and the toast says where
    assert share.read(files[0]).record == bullets  # the whole record, and nothing half-written
    assert not list(files[0].parent.glob("*.tmp"))
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    line = share.export_line(scene.record, blocked)  # an OSError from the disk: one line, no traceback
    assert line.key == "story.share.failed" and line.fields["why"]
    assert line.text().startswith("The replay could not be written to ")


def test_the_timeline_takes_a_click_and_a_drag_and_the_buttons_work(app, bullets):
    scene = open_replay(app, check(bullets, 16))
    app.stack.apply()
    click(app, (BAR.x + BAR.w // 2, BAR.centery))
    assert scene.playback.position == round(scene.playback.last / 2) and scene.dragging
    for x in (BAR.x + 10, BAR.right + 20):  # (the first motion of a window is nobody pointing)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, BAR.centery), rel=(1, 0), buttons=(1, 0, 0))
        )
        app.step(1 / 60)
    assert scene.playback.position == scene.playback.last
    click(app, (BAR.x, 700), pygame.MOUSEBUTTONUP)
    assert not scene.dragging
    rects = button_rects()
    click(app, rects["back"].center)
    assert scene.playback.position == scene.playback.last - 1
    click(app, rects["play"].center)
    assert scene.playback.playing
    click(app, rects["speed_4"].center)
    assert scene.playback.speed == 4
    click(app, rects["speed_1"].center)
    assert scene.playback.speed == 1


def test_a_pad_drives_the_replay_with_the_same_intents(app, bullets):
    from bluffhouse.scenes.shell.input import Intent

    scene = open_replay(app, check(bullets, 16))
    app.stack.apply()
    for kind in ("right", "right", "down"):
        scene.handle(Intent(kind, device="Pad 1"))
    cursor = Cursor(scene.story)
    lie = cursor.next_lie(2)
    assert scene.playback.position == lie
    scene.handle(Intent("page_up", device="Pad 1"))
    before = cursor.previous_challenge(lie)
    assert scene.playback.position == (before if before is not None else lie)
    for kind in ("tab", "confirm"):
        scene.handle(Intent(kind, device="Pad 1"))
    assert scene.playback.playing and scene.playback.speed == 2
    scene.handle(Intent("back", device="Pad 1"))
    app.stack.apply()
    assert not isinstance(app.stack.top, ReplayScene)


def test_every_face_the_replay_draws_is_audited_as_a_game_that_ended(app, bullets):
    scene = open_replay(app, check(bullets, 16))
    app.stack.apply()
    app.audit.clear()
    app.step(1 / 60, draw=True)
    owners = {record.owner for record in app.audit.records}
    assert owners == {0, 1, 2, 3} and {r.why for r in app.audit.records} == {Why.ENDED}
    assert not app.audit.violations
    hands = sum(len(scene.playback.step.engine.hand(s)) for s in range(4))
    assert app.audit.count >= hands


# -- the command line --------------------------------------------------------------------------


def test_watch_opens_the_window_on_a_replay_and_a_bad_file_says_why(tmp_path, bullets, monkeypatch, capsys):
    from kit import main_here  # main() in this process: nothing here needs a fresh one

    path = tmp_path / "bluffhouse.game.bhreplay"
    path.write_bytes(encode(bullets))
    ran = main_here(
        "--watch", str(path), "--frames", "5", tmp_path=tmp_path, monkeypatch=monkeypatch, capsys=capsys
    )
    assert ran.code == 0, ran.err
    visited = ran.out.strip().splitlines()[-1].split("scenes_visited=")[1].split(",")
    assert "replay" in visited and isinstance(ran.app.stack.top, ReplayScene)
    ran = main_here(
        "--watch",
        str(tmp_path / "nothing-here"),
        "--frames",
        "5",
        tmp_path=tmp_path,
        monkeypatch=monkeypatch,
        capsys=capsys,
    )
    assert ran.code == 0 and "replay" not in ran.out.split("scenes_visited=")[1]
    assert [toast.text for toast in ran.app.toasts] == [t("records.refused.unreadable", n=1, game=1)]
