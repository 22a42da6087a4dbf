"""The channel's grader end reads what the sandbox sends as data, at a cost linear in its size and within
the deadline of the request that brought it (gamelib.grading.remote): a sandbox writes its own messages,
so nothing it sends may cost the grader more than reading it."""
import json
import sys
from fractions import Fraction

import pytest

from gamelib.grading import clock as _clock
from gamelib.grading.remote import (DEADLINE_EVERY, MAX_SAME_HASH, ChannelError, GraderEnd, Reading,
                                    SandboxTimeout, distinct_hashes, from_data)

P = sys.hash_info.modulus          # 2**61 - 1 on 64-bit builds: every multiple of it hashes to 0


def read(data, **kw):
    return from_data(data, ref=lambda k: ("handle", k), remote_fn=lambda k, n: ("fn", k, n), **kw)


def test_honest_data_reads_back():
    assert read({"$s": [-1, -2, 3]}) == {-1, -2, 3}                 # -1 and -2 share a hash: allowed
    assert read({"$fs": [{"$t": [1, 2]}, {"$t": [2, 1]}]}) == frozenset({(1, 2), (2, 1)})
    assert read({"$d": [["a", 1], [{"$t": ["b", 2]}, [3]]]}) == {"a": 1, ("b", 2): [3]}
    assert read({"$q": [1, 3]}) == Fraction(1, 3)
    assert read({"$s": list(range(10_000))}) == set(range(10_000))


@pytest.mark.parametrize("tag", ["$s", "$fs"])
def test_a_set_made_of_colliding_integers_is_refused(tag):
    flood = [k * P for k in range(1, 5_000)]                     # all hash to 0: n² to build as a set
    assert len({hash(x) for x in flood}) == 1
    with pytest.raises(ChannelError, match="share one hash value"):
        read({tag: flood})


def test_a_dict_of_colliding_keys_is_refused():
    with pytest.raises(ChannelError, match="share one hash value"):
        read({"$d": [[k * P, k] for k in range(1, 5_000)]})


def test_colliding_tuples_are_refused_too():
    """Not only integers: any keys sharing one hash value (here tuples whose hash is their items')."""
    class Same:
        def __hash__(self):
            return 7

    keys = [Same() for _ in range(MAX_SAME_HASH + 1)]
    with pytest.raises(ChannelError, match="share one hash value"):
        distinct_hashes(keys, "set")
    distinct_hashes(keys[:MAX_SAME_HASH], "set")                 # up to the bound: fine


def test_unhashable_items_are_a_channel_error():
    with pytest.raises(ChannelError, match="unhashable"):
        read({"$s": [[1, 2]]})


def test_a_huge_fraction_is_refused():
    with pytest.raises(ChannelError, match="fraction"):
        read({"$q": [3 ** 4000, 2 ** 5000]})


class Stopped:
    """A clock whose every deadline has passed."""

    def left(self, deadline):
        return -1.0


def test_reading_stops_at_the_requests_deadline():
    reading = Reading(None, None, deadline=0.0, clock=Stopped())
    with pytest.raises(SandboxTimeout):
        from_data(list(range(10 * DEADLINE_EVERY)), None, None, reading=reading)
    assert reading.items <= DEADLINE_EVERY                       # it looked at the clock soon enough


def test_the_grader_end_reads_within_the_deadline_it_was_given():
    end = GraderEnd.__new__(GraderEnd)                          # no pipes needed to decode
    end.objects, end.kinds, end.clock = {}, {}, Stopped()
    payload = json.dumps(["value", list(range(3 * DEADLINE_EVERY))]).encode()
    kind, fields, decode = end.decode(payload, None, deadline=0.0)
    with pytest.raises(SandboxTimeout):
        decode(fields[0])
    end.clock = _clock.WALL
    kind, fields, decode = end.decode(payload, None)             # no deadline: read in full
    assert decode(fields[0]) == list(range(3 * DEADLINE_EVERY))
