"""Assets read once while unchanged (scenes.ui.kept_files): a changed, added or freshly written
translation table is still read as it is on disk now."""

import json
import os

import pytest

from bluffhouse.scenes.ui import kept_files, lang


@pytest.fixture
def tables(tmp_path, monkeypatch):
    """An English folder of one table, with LANG_DIR pointing at it and nothing kept yet."""
    folder = tmp_path / "en"
    folder.mkdir()
    (folder / "x.json").write_text(json.dumps({"ok": "Hello"}), encoding="utf-8")
    monkeypatch.setattr(lang, "LANG_DIR", tmp_path)
    kept_files.forget()
    yield folder
    kept_files.forget()


def settle(path, seconds_ago=60):
    """Date a file's modification back, as an asset of the game's folder is."""
    status = os.stat(path)
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns - seconds_ago * 10**9))


def test_a_settled_table_is_read_from_disk_once(tables, monkeypatch):
    monkeypatch.setattr(kept_files, "SETTLED_NS", -(10**12))  # every file counts as settled
    before = kept_files.reads
    assert lang.load_table("en") == {"ok": "Hello"}
    assert lang.load_table("en") == {"ok": "Hello"}
    assert lang.Translator("en")("ok") == "Hello"
    assert kept_files.reads == before + 1
    assert kept_files.kept(tables / "x.json") == b'{"ok": "Hello"}'


def test_a_kept_table_changed_on_disk_is_read_again(tables, monkeypatch):
    monkeypatch.setattr(kept_files, "SETTLED_NS", -(10**12))
    path = tables / "x.json"
    settle(path)
    assert lang.load_table("en") == {"ok": "Hello"}
    path.write_text(json.dumps({"ok": "Howdy"}), encoding="utf-8")  # the same size
    assert lang.load_table("en") == {"ok": "Howdy"}
    path.write_text("{", encoding="utf-8")
    skipped = []
    assert lang.load_table("en", skipped) == {} and skipped == ["x.json"]


def test_a_table_written_just_now_is_never_kept(tables):
    path = tables / "x.json"
    before = os.stat(path)
    assert lang.load_table("en") == {"ok": "Hello"}
    assert kept_files.kept(path) is None  # its clock tick may not be over yet
    path.write_text(json.dumps({"ok": "Hallo"}), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # as if written in the same tick
    assert lang.load_table("en") == {"ok": "Hallo"}


def test_a_table_added_or_removed_is_seen(tables, monkeypatch):
    monkeypatch.setattr(kept_files, "SETTLED_NS", -(10**12))
    assert lang.load_table("en") == {"ok": "Hello"}
    (tables / "y.json").write_text(json.dumps({"more": "More"}), encoding="utf-8")
    settle(tables)  # the folder's own times move, whatever the clock's tick
    assert lang.load_table("en") == {"ok": "Hello", "more": "More"}
    (tables / "x.json").unlink()
    settle(tables, 120)
    assert lang.load_table("en") == {"more": "More"}


def test_a_language_folder_added_while_running_is_available(tables, monkeypatch):
    monkeypatch.setattr(kept_files, "SETTLED_NS", -(10**12))
    assert lang.available_languages() == ["en"]
    hu = tables.parent / "hu"
    hu.mkdir()
    settle(tables.parent)
    assert lang.available_languages() == ["en"]  # a folder without tables is no language
    (hu / "menu.json").write_text(json.dumps({"ok": "Szia"}), encoding="utf-8")
    settle(hu)
    assert lang.available_languages() == ["en", "hu"]
    assert lang.Translator("hu")("ok") == "Szia"


def test_a_folder_or_a_missing_file_is_no_file(tmp_path):
    with pytest.raises(ValueError, match="not a file"):
        kept_files.file_bytes(tmp_path, 10)
    with pytest.raises(ValueError, match="not a file"):
        kept_files.file_bytes(tmp_path / "missing.json", 10)


def test_what_is_made_from_a_file_is_made_again_when_it_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(kept_files, "SETTLED_NS", -(10**12))
    path = tmp_path / "icon.txt"
    path.write_text("one", encoding="utf-8")
    made = []

    def make(where):
        made.append(open(where, encoding="utf-8").read())
        return made[-1]

    assert kept_files.made_from(path, make) == "one" and kept_files.made_from(path, make) == "one"
    assert made == ["one"]  # made once while the file stands
    path.write_text("second", encoding="utf-8")  # (another size: seen even within one clock tick)
    assert kept_files.made_from(path, make) == "second" and made == ["one", "second"]
    path.unlink()
    with pytest.raises(FileNotFoundError):
        kept_files.made_from(path, make)  # a file gone is gone, whatever was made of it
