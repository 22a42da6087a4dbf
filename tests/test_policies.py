"""gamelib.policies moved to gamelib.players (issue #34): its names answer for one release, with a
DeprecationWarning that names the new module, and are the new module's objects."""
import pytest

import gamelib.players
import gamelib.policies


def test_an_old_name_warns_and_is_the_new_object():
    with pytest.warns(DeprecationWarning, match=r"gamelib\.policies\.uniform has moved: use gamelib\.players\.uniform"):
        assert gamelib.policies.uniform is gamelib.players.uniform


def test_from_import_works_too():
    with pytest.warns(DeprecationWarning, match="gamelib.players"):
        from gamelib.policies import play
    assert play is gamelib.players.play


def test_a_name_that_never_was_is_an_attribute_error():
    with pytest.raises(AttributeError, match="'gamelib.policies' has no attribute 'nothing'"):
        gamelib.policies.nothing
