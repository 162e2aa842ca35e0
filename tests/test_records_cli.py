"""Replays for tools and tests (issue 21): `python -m game.tournament … --save-replays DIR`
writes each game's replay; `python main.py --replay FILE --frames N` steps one headless and
prints one summary line; a file that cannot be used is refused with a message, exit code 2."""

import gzip
from dataclasses import replace

import pytest
from kit import run_main

from bluffhouse.game.records.check import read_file
from bluffhouse.game.records.record import SeatKind, Status
from bluffhouse.game.tournament import main as tournament
from bluffhouse.scenes.ui.lang import set_language
from main import main


@pytest.mark.parametrize(
    "game, seats", [("bullets", "hard,medium,easy"), ("kamu", "medium,easy,easy,hard"), ("duel", "hard,easy")]
)
def test_the_tournament_saves_every_games_replay(tmp_path, capsys, game, seats):
    folder = tmp_path / "replays"
    argv = [
        "--game",
        game,
        "--players",
        str(seats.count(",") + 1),
        "--seats",
        seats,
        "--games",
        "4",
        "--seed",
        "3",
        "--save-replays",
        str(folder),
    ]
    assert tournament(argv) == 0
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"{game}-{n:05d}.bhreplay" for n in range(1, 5)]
    for number, path in enumerate(files):
        story = read_file(path)
        record = story.record
        assert record.game.value == game and record.status is Status.FINISHED
        kinds = seats.split(",")
        rotated = kinds[number % len(kinds) :] + kinds[: number % len(kinds)]  # the series rotates the seats
        assert [(s.kind, s.level) for s in record.seats] == [(SeatKind.COMPUTER, k) for k in rotated]
    assert tournament([*argv[:-1], str(tmp_path / "again")]) == 0  # the same series, the same records
    again = read_file(tmp_path / "again" / files[0].name).record
    assert replace(again, started=0) == replace(read_file(files[0]).record, started=0)
    capsys.readouterr()


def test_the_tournament_refuses_a_folder_it_cannot_make(tmp_path, capsys):
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    with pytest.raises(SystemExit) as ended:
        tournament(
            [
                "--game",
                "duel",
                "--seats",
                "hard,easy",
                "--games",
                "1",
                "--save-replays",
                str(blocked / "replays"),
            ]
        )
    assert ended.value.code == 2 and "--save-replays" in capsys.readouterr().err


@pytest.fixture
def replay_file(tmp_path):
    assert (
        tournament(
            [
                "--game",
                "kamu",
                "--players",
                "3",
                "--seats",
                "hard,medium,easy",
                "--games",
                "1",
                "--seed",
                "5",
                "--save-replays",
                str(tmp_path),
            ]
        )
        == 0
    )
    return tmp_path / "kamu-00001.bhreplay"


def test_a_replay_steps_headless_and_ends_with_one_summary_line(tmp_path, replay_file, capsys, speaking):
    capsys.readouterr()
    story = read_file(replay_file)
    result = run_main("--replay", str(replay_file), "--frames", "300", tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("bluffhouse: replay game=kamu players=3 games=1 ")
    fields = dict(part.split("=", 1) for part in lines[0].split()[2:] if "=" in part)
    assert fields["frames"] == "300" and fields["status"] == "finished"
    moves = story.record.moves
    assert fields["moves"] == str(moves) and fields["position"] == f"5/{moves}"  # a nominal second a move
    assert main(["--replay", str(replay_file)]) == 0  # without --frames: to its end
    assert f"position={moves}/{moves}" in capsys.readouterr().out
    assert main(["--replay", str(tmp_path / "nothing-here"), "--lang", "es"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == (
        f"bluffhouse: {tmp_path / 'nothing-here'}: No se puede leer este archivo de repetición."
    )


@pytest.fixture
def speaking():
    yield
    set_language("en")


@pytest.mark.parametrize(
    "content, language, line",
    [
        (b"hello", "en", "This is not a Bluffhouse replay."),
        (
            gzip.compress(b'{"format": "bluffhouse-replay", "version": 7}'),
            "fr",
            "Ce replay vient d’une version plus récente de Bluffhouse\u00a0: "
            "mets le jeu à jour pour le voir.",
        ),
        (b"\x1f\x8b\x08\x00 cut", "hu", "Ez a visszajátszásfájl sérült."),
    ],
)
def test_a_file_that_cannot_be_used_is_refused_with_a_message_and_exit_2(
    tmp_path, capsys, speaking, content, language, line
):
    path = tmp_path / "shared.bhreplay"
    path.write_bytes(content)
    assert main(["--replay", str(path), "--frames", "10", "--lang", language]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == f"bluffhouse: {path}: {line}"


def test_a_folder_or_a_damaged_replay_is_refused_too(tmp_path, replay_file, capsys, speaking):
    assert main(["--replay", str(tmp_path), "--lang", "en"]) == 2
    assert "This is not a Bluffhouse replay." in capsys.readouterr().err
    data = bytearray(gzip.decompress(replay_file.read_bytes()))
    data[data.index(b'"p","') + 5] = ord("Z")  # a card that does not exist
    replay_file.write_bytes(gzip.compress(bytes(data)))
    assert main(["--replay", str(replay_file), "--lang", "en"]) == 2
    assert "it was changed or damaged" in capsys.readouterr().err
