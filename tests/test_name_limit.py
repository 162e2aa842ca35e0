"""A name is never longer than NAME_MAX, wherever its spaces fall (the hostile-names fuzz found
"{card} is not a c", 17 characters: a space reaching the limit did not stop the count)."""

from bluffhouse.scenes.ui.names import NAME_MAX, clean_chars, clean_name


def test_a_space_at_the_limit_ends_the_name():
    assert clean_name("{card} is not a card") == "{card} is not a"
    for at in range(1, 30):
        raw = "x" * at + " " + "y" * 30
        assert len(clean_name(raw)) <= NAME_MAX, raw
        assert len(clean_chars(raw, NAME_MAX)) <= NAME_MAX, raw
