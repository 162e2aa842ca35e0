"""Property: whatever bytes the settings file holds, loading never raises, always gives valid
settings, and never loses the original bytes (they stay in place or in the backup)."""

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bluffhouse.scenes.shell.app import Settings
from bluffhouse.scenes.shell.settings_schema import DEFAULT_SETTINGS, SCHEMA, check
from tests.fuzzing import in_both_tiers

# Full counts in the heavy siblings (`test_…_in_full`), a tenth of them in the fast tier: most of
# the fast tier's cost here is Hypothesis drawing the nested documents, not the loading.
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

odd_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=40) | st.sampled_from(
    ["", "\x00", "\u202e", "\u034f", "\ufe0f", "\ud800", "Zoë", "  ", "hu", "en", "../x"]
)
numbers = st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
leaves = st.none() | st.booleans() | numbers | odd_text
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            odd_text
            | st.sampled_from(
                ["seats", "options", "name", "kind", "custom", "0", "1", "challenge", "peek", "rounds"]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=25,
)
settings_objects = st.dictionaries(st.sampled_from(sorted(SCHEMA)) | odd_text, json_values, max_size=8)
deep = st.builds(
    lambda n, open_, close: open_ * n + close * (n // 2),
    st.integers(1, 5000),
    st.sampled_from(["[", "{", '{"a":', "[{", '{"seats":[']),
    st.sampled_from(["]", "}", ""]),
)


def _documents():
    as_json = settings_objects.map(lambda d: json.dumps(d, allow_nan=False).encode())
    any_json = json_values.map(lambda v: json.dumps(v, allow_nan=False).encode())
    as_text = st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass"))
    return st.binary(max_size=300) | as_json | any_json | deep.map(str.encode) | as_text


def _load_and_check(data: bytes) -> None:
    with tempfile.TemporaryDirectory(prefix="bluffhouse-fuzz-") as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(data)
        loaded = Settings(path)
        for key, value in loaded.data.items():  # every known key is of its type and range
            if key in SCHEMA:
                assert check(key, value) == value, key
        for key, default in DEFAULT_SETTINGS.items():
            assert type(loaded[key]) is type(default), key
        kept = [p.read_bytes() for p in Path(folder).glob("settings.json.damaged-*")]
        if loaded.backup is None:  # nothing was wrong: the file is as it was
            assert kept == [] and path.read_bytes() == data
        else:
            assert kept == [data]
        loaded["muted"] = not loaded["muted"]  # and it can be changed and saved afterwards
        loaded.flush()
        assert json.loads(path.read_text())["muted"] is loaded["muted"]
        assert Settings(path).backup is None  # what it wrote, it reads back cleanly


@in_both_tiers(FUZZ, 12, _documents())
def test_any_file_loads_to_valid_settings_and_loses_nothing(data):
    _load_and_check(data)


@in_both_tiers(settings(FUZZ, max_examples=60), 6, settings_objects)
def test_any_settings_object_round_trips_through_the_checks(stored):
    _load_and_check(json.dumps(stored, allow_nan=False).encode())
