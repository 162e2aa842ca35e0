"""The story screens painted (issue 21): in every language, every line from the translation table,
nothing cut or off the screen (a small sibling of the whole screen tour, which visits them too);
and the couch referee watching a replay after a couch game: every face is a game's that ended."""

import tempfile

import pygame
import pytest
from couch import PEOPLE_KEYS, Referee, bind_people, watch_actions
from screen_tour import LANGUAGES, assert_translated_and_fits, language_of, toured  # noqa: F401
from story_helpers import new_app, record_of
from story_tour import story_tour

from bluffhouse.game.records.check import check
from bluffhouse.game.records.cursor import Cursor
from bluffhouse.game.records.record import Seat, SeatKind
from bluffhouse.scenes.shell.privacy import FaceUp, Why
from bluffhouse.scenes.shell.session import quick_setup
from bluffhouse.scenes.story.chrome import BAR
from bluffhouse.scenes.story.replay import ReplayScene, open_replay
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import PSEUDO

pytestmark = pytest.mark.draws


# The pseudo language (every text 40% longer) is the fast sibling; the real ones are heavy (and
# the whole screen tour of tests/test_languages.py visits these screens in every language too).
@pytest.mark.parametrize(
    "language", [PSEUDO, *(pytest.param(code, marks=pytest.mark.heavy) for code in ("en", *LANGUAGES))]
)
def test_the_story_screens_are_translated_and_fit(language, tmp_path, monkeypatch, language_of):  # noqa: F811
    """Every line from the table, none cut, off the screen, over another, or under its size."""
    monkeypatch.setenv("BLUFFHOUSE_DATA", tempfile.mkdtemp(prefix="bh"))  # a short path, as a home's is
    recorder = toured(language, tmp_path, monkeypatch, language_of, [story_tour])
    assert_translated_and_fits(recorder, 200)


def test_a_replay_after_a_couch_game_passes_the_couch_referee(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    people = (0, 1)
    bind_people(app, people)
    seats = [
        Seat("P1", SeatKind.PERSON),
        Seat("P2", SeatKind.PERSON),
        Seat("Ana", SeatKind.COMPUTER, "medium"),
    ]
    record = record_of("kamu", seed=5)  # (four seats; the two first are the couch's people)
    record = record.__class__(
        record.uid,
        record.rules,
        (*seats, Seat("Ben", SeatKind.PERSON)),
        record.started,
        record.status,
        record.games,
        record.scores,
        record.winners,
    )
    ended = Cursor(check(record, 16)).seek(10**6).engine  # the game as it ended
    finished = type("Finished", (), {"table": ended})()
    referee = Referee(app, finished, people, 1 / 20)
    watch_actions(monkeypatch, referee)
    scene = open_replay(app, check(record, 16))
    app.stack.apply()
    for code in (
        pygame.K_RETURN,
        pygame.K_SPACE,
        PEOPLE_KEYS[0][1],
        pygame.K_RIGHT,
        PEOPLE_KEYS[1][0],
        pygame.K_DOWN,
        pygame.K_PAGEDOWN,
        pygame.K_TAB,
        pygame.K_TAB,
    ):
        referee.tap(code, 3)
    referee.click((BAR.x + BAR.w // 3, BAR.centery), 5)
    referee.hold(PEOPLE_KEYS[1][1], 10)
    assert isinstance(app.stack.top, ReplayScene) and scene.playback.position > 0
    ended_faces = sum(n for (owner, why), n in referee.faces.items() if why is Why.ENDED)
    assert ended_faces > 100 and {owner for owner, why in referee.faces} == {0, 1, 2, 3}
    assert referee.history == []  # the replay's own engines are nobody's moves


def test_the_referee_flags_a_replays_faces_over_a_game_being_played(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    scene = TableScene(app, quick_setup(app))
    app.stack.push(scene)
    app.stack.apply()
    referee = Referee(app, scene, (0,), 1 / 20)
    with pytest.raises(AssertionError, match="while the game is played"):
        referee.check_faces([FaceUp(1, "QS", Why.ENDED)], [])


def test_every_view_paints_its_hands_face_up(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    for game, owners in (("bullets", {0, 1, 2, 3}), ("kamu", {0, 1, 2, 3}), ("duel", {0, 1})):
        scene = open_replay(app, check(record_of(game, seed=1), 16))
        app.stack.apply()
        scene.playback.go(5)
        app.audit.clear()
        app.step(1 / 60)
        assert {r.owner for r in app.audit.records} == owners and not app.audit.violations
        if game == "duel":  # five dice under each cup, all face up
            assert app.audit.count == 10
        pixels = pygame.transform.average_color(app.surface, pygame.Rect(40, 260, 700, 300))
        assert max(pixels[:3]) > 60  # something is drawn where the hands are
        app.stack.pop()
        app.stack.apply()
