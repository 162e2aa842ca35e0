"""The History and Stats screens (issue 21), stepped without drawing: newest first a page at a time,
filters, open, share and delete; a name's figures as game/records/figures.py counts them; the Hall
of Fame; a damaged or unwritable database said in one line while the game stays playable."""

from collections import Counter

import kit
import pygame
import pytest
from story_helpers import new_app, record_of, store_games
from watching import drawn, words

from bluffhouse.game.records.check import check
from bluffhouse.game.records.figures import figures
from bluffhouse.game.records.record import person_key
from bluffhouse.game.records.store import Store
from bluffhouse.scenes.menu import ITEMS
from bluffhouse.scenes.pause import ConfirmScene
from bluffhouse.scenes.story.history import PAGE, HistoryScene
from bluffhouse.scenes.story.replay import ReplayScene
from bluffhouse.scenes.story.stats import COMPUTERS, FAME, StatsScene, figure_lines
from bluffhouse.scenes.ui.lang import set_language, t

__all__ = ["drawn"]  # the fixture (tests/watching.py)


@pytest.fixture(scope="module")
def records():
    """Eleven finished records: Bullets, Kamu and duels, at different dates."""
    from dataclasses import replace

    out = []
    for n in range(11):
        game = ("bullets", "kamu", "duel")[n % 3]
        record = record_of(game, seed=n, people=4 - n % 2)
        out.append(replace(record, uid=f"s{n}", started=1_764_000_000 + n * 3600))
    return out


@pytest.fixture
def app(tmp_path, monkeypatch, records):
    set_language("en")
    app = new_app(tmp_path, monkeypatch)
    app.ids = store_games(app, records)
    yield app
    pygame.event.clear()


press = kit.Pace().press  # a key a frame of 1/60 s


def open_history(app) -> HistoryScene:
    menu = app.stack.top
    menu.menu.focus = ITEMS.index("history")
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    return scene


def test_the_menu_opens_the_history_newest_first_a_page_at_a_time(app, records, monkeypatch):
    asked = []
    real = Store.history

    def history(store, game=None, name=None, limit=50, offset=0):
        asked.append((limit, offset))
        return real(store, game, name, limit, offset)

    monkeypatch.setattr(Store, "history", history)
    scene = open_history(app)
    assert scene.total == len(records) and len(scene.rows) == PAGE and asked == [(PAGE, 0)]
    starts = [row.started for row in scene.rows]
    assert starts == sorted(starts, reverse=True) and starts[0] == records[-1].started
    press(app, pygame.K_PAGEDOWN)
    assert asked[-1] == (PAGE, PAGE) and len(scene.rows) == len(records) - PAGE
    press(app, pygame.K_PAGEDOWN)  # no page after the last
    assert scene.page == 1 and asked[-1] == (PAGE, PAGE)
    cells = scene.cells(scene.rows[0])
    assert cells["game"] == t(f"menu.{scene.rows[0].game}")
    assert cells["length"].endswith(("minute", "minutes"))


def test_filters_by_game_and_by_person(app, records):
    scene = open_history(app)
    press(app, pygame.K_TAB)
    assert scene.game == "bullets" and scene.total == sum(r.game.value == "bullets" for r in records)
    assert {row.game for row in scene.rows} == {"bullets"}
    press(app, pygame.K_TAB, pygame.K_TAB, pygame.K_TAB)
    assert scene.game is None
    press(app, pygame.K_RIGHT)
    person = scene.person
    assert person == scene.people[0]
    key = person_key(person)
    with_them = [r for r in records if any(s.person and person_key(s.name) == key for s in r.seats)]
    assert scene.total == len(with_them)
    assert all(any(seat.name == person for seat in row.seats) for row in scene.rows)
    press(app, pygame.K_LEFT)
    assert scene.person is None and scene.total == len(records)


def test_enter_opens_the_chosen_games_replay(app):
    scene = open_history(app)
    press(app, pygame.K_DOWN, pygame.K_DOWN)
    chosen = scene.chosen
    press(app, pygame.K_RETURN)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.record.uid == f"s{10 - 2}"
    assert replay.record.started == chosen.started
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_delete_asks_first_then_forgets_the_game(app, records):
    scene = open_history(app)
    press(app, pygame.K_DOWN)
    doomed = scene.chosen.id
    press(app, pygame.K_BACKSPACE)
    assert isinstance(app.stack.top, ConfirmScene)
    press(app, pygame.K_RETURN)  # "no" has the focus: nothing is deleted
    assert app.stack.top is scene and scene.total == len(records)
    press(app, pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_RETURN)
    assert app.stack.top is scene and scene.total == len(records) - 1
    assert doomed not in [row.id for row in scene.rows]
    with Store.open(app.records.path) as store:
        assert store.count() == len(records) - 1 and doomed not in [r.id for r in store.history(limit=50)]


def test_share_writes_the_small_file_to_the_data_folder_and_says_where(app, tmp_path):
    scene = open_history(app)
    press(app, pygame.K_s)
    files = list((tmp_path / "data" / "replays").glob("*.bhreplay"))
    assert scene.chosen.started == 1_764_000_000 + 10 * 3600  # the newest game: uid s10
    assert len(files) == 1 and files[0].name.endswith("-s10.bhreplay")
    assert files[0].name in app.toasts[-1].text
    assert check_file(files[0]).record.uid == "s10"


def check_file(path):
    from bluffhouse.game.records.check import read_file

    return read_file(path)


def test_a_names_stats_are_the_figures_of_their_games(app, records):
    scene = open_history(app)
    press(app, pygame.K_RIGHT)
    person = scene.person
    press(app, pygame.K_t)
    stats = app.stack.top
    last = max(
        (r for r in records if any(person_key(s.name) == person_key(person) for s in r.seats)),
        key=lambda r: r.started,
    )
    assert isinstance(stats, StatsScene) and stats.subject == person and stats.game == last.game.value
    for game in ("bullets", "kamu", "duel"):
        stats.game = game
        stats.load()
        wanted = Counter()
        for record in records:
            if record.game.value != game:
                continue
            story = check(record)
            for seat, row in zip(record.seats, figures(story), strict=True):
                if seat.person and person_key(seat.name) == person_key(person):
                    wanted.update(
                        games=int(row.played),
                        wins=int(row.won),
                        calls=row.calls,
                        lies=row.lies,
                        lies_passed=row.lies_passed,
                        caught=row.caught,
                        challenges=row.challenges,
                        challenges_won=row.challenges_won,
                        wrongly_accused=row.wrongly_accused,
                    )
        shown = stats.figures
        if not wanted:
            assert shown is None
            continue
        assert {key: getattr(shown, key) for key in wanted} == dict(wanted)
        lines = dict(figure_lines(shown))
        said = "proposals" if game == "duel" else "calls"  # the duel's calls are proposals
        assert lines[t("story.stats.lies")].startswith(f"{wanted['lies']} of {wanted['calls']} {said}")
        assert lines[t("story.stats.games")] == str(wanted["games"])
        # the favourite says what it counts (playtest h5): cards really played; the duel's hands proposed
        label = "story.stats.favourite_duel" if game == "duel" else "story.stats.favourite"
        assert t(label) in lines
        assert t(label) == ("Hand proposed most" if game == "duel" else "Cards played most")


def test_stats_go_through_people_computers_and_the_hall_of_fame(app):
    stats = StatsScene(app, None, "kamu")
    app.stack.push(stats)
    app.stack.apply()
    assert stats.subject == stats.people[0]
    press(app, pygame.K_LEFT)
    assert stats.subject == FAME and isinstance(stats.figures, list)
    assert {fame.title for fame in stats.figures} >= {"most_wins"}
    press(app, pygame.K_TAB)
    assert stats.game == "duel"
    press(app, pygame.K_TAB)
    assert stats.game is None  # the Hall of Fame of all games together
    press(app, pygame.K_LEFT)
    assert stats.subject == COMPUTERS and stats.game == "bullets"
    assert [level.name for level in stats.figures] and all(level.games >= 0 for level in stats.figures)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not stats


def test_a_damaged_database_is_moved_aside_and_said_in_one_line(tmp_path, monkeypatch, drawn):
    set_language("en")
    app = new_app(tmp_path, monkeypatch)
    app.records.path.parent.mkdir(parents=True, exist_ok=True)
    app.records.path.write_bytes(b"this is no database" * 100)
    scene = open_history(app)
    assert scene.total == 0 and scene.store is not None  # a new one, empty
    app.step(1 / 60, draw=True)  # painted: the empty table says what it is for
    assert t("story.history.empty") in " ".join(words(drawn))
    assert any("damaged" in toast.text for toast in app.toasts)
    assert list(app.records.path.parent.glob("records.sqlite3.damaged-*"))


def test_an_unwritable_database_leaves_the_screens_usable_and_the_game_playable(tmp_path, monkeypatch):
    set_language("en")
    app = new_app(tmp_path, monkeypatch)
    app.records.path.mkdir(parents=True)  # a folder where the file should be: never touched
    scene = open_history(app)
    assert scene.store is None and scene.problem == t("story.db.unavailable") and scene.rows == []
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_s, pygame.K_TAB, pygame.K_RIGHT)
    assert app.stack.top is scene
    press(app, pygame.K_t)
    stats = app.stack.top
    assert isinstance(stats, StatsScene) and stats.problem and stats.subjects == [COMPUTERS, FAME]
    press(app, pygame.K_RIGHT, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_ESCAPE)
    assert app.stack.top is app.stack.scenes[0]
    app.stack.top.menu.focus = ITEMS.index("quick")
    press(app, pygame.K_RETURN)
    assert type(app.stack.top).__name__ == "TableScene"  # the game plays on without its history


def test_a_changed_row_is_shown_damaged_and_can_still_be_deleted(app):
    with Store.open(app.records.path) as store:
        store.connection.execute("UPDATE games SET winners = 'nonsense' WHERE uid = 's10'")
    scene = open_history(app)
    assert scene.rows[0].damaged and scene.cells(scene.rows[0])["people"] == t("story.history.damaged")
    press(app, pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_RETURN)
    assert not any(row.damaged for row in scene.rows)


def test_a_database_locked_by_another_window_is_said_in_one_line(app, monkeypatch):
    from bluffhouse.game.records.schema import StoreProblem, Trouble

    scene = open_history(app)

    def locked(store, game_id):
        raise StoreProblem(Trouble.LOCKED, "database is locked")

    monkeypatch.setattr(Store, "delete", locked)
    press(app, pygame.K_BACKSPACE, pygame.K_LEFT, pygame.K_RETURN)  # yes, delete: the other window holds it
    assert app.stack.top is scene and scene.problem == t("story.db.unavailable") and scene.store is None
    press(app, pygame.K_DOWN, pygame.K_RETURN, pygame.K_PAGEDOWN, pygame.K_ESCAPE)  # nothing breaks
    assert app.stack.top is app.stack.scenes[0]
