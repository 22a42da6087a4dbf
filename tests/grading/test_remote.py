"""The channel between the grader and the sandbox (gamelib.grading.remote), over real pipes and no sandbox.

* framing: a message is a 4-byte length and a payload; a truncated, oversized or garbage one is a clear
  ChannelError, never a hang; a read and a write that never complete give up at their deadline;
* data: the grader end reads what the sandbox sends as data (never a pickle), at a cost linear in its size
  and within the deadline of the request that brought it: a sandbox writes its own messages, so nothing
  it sends may cost the grader more than reading it;
* handles: the grader's objects cross as handles, and the sandbox may reach a game's protocol only, by the
  handles it was given, each used as the kind it is;
* the sandbox end drops stale answers and raises the grader's errors as the classes it knows.

The deadlines here run on fake clocks (:class:`Countdown`): nothing waits longer than a few 10 ms selects."""
import json
import os
from collections import namedtuple
import pickle
import struct
import sys
from fractions import Fraction

import pytest

from gamelib.grading import clock as _clock
from gamelib.grading.remote import (DEADLINE_EVERY, MAX_MESSAGE, MAX_SAME_HASH, ChannelError, GraderEnd, Opaque,
                                    Reading, RemoteCallable, RemoteGame, RemoteNode, SandboxEnd, SandboxGone,
                                    SandboxTimeout, _read, _write, distinct_hashes, from_data, to_data)
from gamelib.grading.tracing import BudgetExceeded, SearchNode

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


# -- framing -----------------------------------------------------------------------------------------

class Countdown:
    """A clock on which ``n`` looks find a little time left (10 ms each), then none: a deadline that is
    reached after a bounded number of waits, whatever the machine's load."""

    def __init__(self, n: int = 3):
        self.n = n

    def left(self, deadline):
        self.n -= 1
        return 0.01 if self.n > 0 else 0.0


@pytest.fixture
def pipe():
    r, w = os.pipe()
    yield r, w
    for fd in (r, w):
        try:
            os.close(fd)
        except OSError:
            pass


def test_a_message_is_its_length_then_its_payload(pipe):
    r, w = pipe
    _write(w, b"hello")
    _write(w, b"")
    assert os.read(r, 9) == struct.pack(">I", 5) + b"hello"
    assert _read(r) == b""                                       # an empty message reads as empty
    _write(w, b"x" * 1000, deadline=1.0, clock=Countdown(10))
    assert _read(r, deadline=1.0, clock=Countdown(10)) == b"x" * 1000


def test_a_message_longer_than_the_limit_is_refused_before_its_body_is_read(pipe):
    r, w = pipe
    os.write(w, struct.pack(">I", MAX_MESSAGE + 1))               # no body follows: reading one would hang
    with pytest.raises(ChannelError, match="a message of 16,777,217 bytes"):
        _read(r, deadline=1.0, clock=Countdown())


def test_a_garbage_length_is_an_oversized_message(pipe):
    r, w = pipe
    os.write(w, b"\xff\xfe{}")
    with pytest.raises(ChannelError, match="at most"):
        _read(r, deadline=1.0, clock=Countdown())


def test_a_truncated_message_from_a_sandbox_that_went_away_is_sandbox_gone(pipe):
    r, w = pipe
    os.write(w, struct.pack(">I", 100) + b"half")
    os.close(w)
    with pytest.raises(SandboxGone, match="closed"):
        _read(r, deadline=1.0, clock=Countdown(50))
    with pytest.raises(SandboxGone):                             # so is a length cut short
        _read(r, deadline=1.0, clock=Countdown(50))


@pytest.mark.parametrize("sent", [b"", b"\x00\x00", struct.pack(">I", 100) + b"half"])
def test_a_read_that_never_completes_gives_up_at_its_deadline(pipe, sent):
    """Half a length, or half a body, and the sandbox says no more (while holding the pipe open)."""
    r, w = pipe
    os.write(w, sent)
    with pytest.raises(SandboxTimeout):
        _read(r, deadline=1.0, clock=Countdown())


def test_a_write_the_sandbox_never_reads_gives_up_at_its_deadline(pipe):
    r, w = pipe
    os.set_blocking(w, False)                                    # as the grader's end has it
    with pytest.raises(SandboxTimeout, match="stopped reading"):
        _write(w, b"x" * (4 << 20), deadline=1.0, clock=Countdown())   # more than a pipe holds


def test_a_write_to_a_sandbox_that_went_away_is_sandbox_gone(ends):
    grader, sandbox = ends
    os.close(sandbox.rfd)
    with pytest.raises(SandboxGone, match="went away"):
        grader.send("exec", "x = 1")


@pytest.mark.parametrize("payload, why", [
    (b"\x80\x04\x95", "not JSON"),                                 # a pickle: never unpickled here
    (pickle.dumps(print), "not JSON"),
    (b"", "not JSON"),
    (b"[" * 20_000 + b"]" * 20_000, "not JSON"),            # nests past the JSON reader's recursion
    (b'{"kind": "done"}', "malformed message"),
    (b"[]", "malformed message"),
    (b"[1, 2]", "malformed message"),
])
def test_a_garbage_message_from_the_sandbox_is_a_channel_error(ends, payload, why):
    grader, sandbox = ends
    _write(sandbox.wfd, payload)
    with pytest.raises(ChannelError, match=why):
        grader.receive(deadline=None)


def test_a_garbage_value_inside_a_message_is_a_channel_error(ends):
    grader, sandbox = ends
    for bad in ({"$d": [[1, 2, 3]]}, {"$nope": 1}, {"$q": [1, 0]}, {"$f": "1e999"}, {"$fn": "x"}, {"$t": 5},
                {"a": 1, "b": 2, "c": 3}, {"$r": 99}):
        _write(sandbox.wfd, json.dumps(["value", bad]).encode())
        kind, fields, decode = grader.receive(deadline=None)
        with pytest.raises(ChannelError):
            decode(fields[0])


# -- handles: what the sandbox can reach -----------------------------------------------------------------

Spot = namedtuple("Spot", "row col")
"""A state of the grader's own type: it travels by value and keeps a handle."""


class Board:
    """A grader's game: its protocol, a method that is not (a solver), a data attribute, a private one."""

    size = 3
    _secret = "the hidden cases"

    def to_move(self, state):
        return "MAX"

    def actions(self, state):
        return [state + 1, state + 2]

    def solve(self, state):
        raise AssertionError("a submission made the grader work for it")


@pytest.fixture
def ends():
    """The two ends of a channel over two pipes, in this process: the test plays the sandbox."""
    to_sandbox, to_grader = os.pipe(), os.pipe()
    grader, sandbox = GraderEnd(to_grader[0], to_sandbox[1]), SandboxEnd(to_sandbox[0], to_grader[1])
    yield grader, sandbox
    for fd in (*to_sandbox, *to_grader):
        try:
            os.close(fd)
        except OSError:
            pass


def _serve_all(grader, sandbox, *requests):
    """The sandbox sends ``requests`` (each ``[what, ...]``, numbered from 1) then an answer; the grader
    serves them while it waits for that answer; the grader's answers to each, as the sandbox reads them."""
    for number, request in enumerate(requests, 1):
        sandbox.send("req", number, *request)
    sandbox.send("done")
    kind, _, _ = grader.request(("go",), deadline=1.0, remote_fn=lambda k, n: (k, n), clock=Countdown(1000))
    assert kind == "done"
    assert sandbox.receive() == ("go",)
    return [sandbox.receive() for _ in requests]


def test_the_sandbox_calls_the_games_protocol_and_reads_its_public_data(ends):
    grader, sandbox = ends
    k = grader.handle(Board(), "game")
    no_kwargs = {"$d": []}
    answers = _serve_all(grader, sandbox, ["call", k, "actions", [4], no_kwargs], ["attr", k, "actions"],
                         ["attr", k, "size"])
    assert answers == [("ok", 1, ("value", [5, 6])), ("ok", 2, ("method",)), ("ok", 3, ("value", 3))]


@pytest.mark.parametrize("request_", [["call", 1, "solve", [4], {"$d": []}], ["call", 1, "__init__", [], {"$d": []}],
                                      ["attr", 1, "_secret"], ["attr", 1, "__class__"]])
def test_the_sandbox_reaches_nothing_of_the_game_but_its_protocol(ends, request_):
    grader, sandbox = ends
    assert grader.handle(Board(), "game") == 1
    [(kind, number, error)] = _serve_all(grader, sandbox, request_)
    assert (kind, number, error["type"]) == ("err", 1, "AttributeError")


def test_a_method_outside_the_protocol_is_refused_by_name(ends):
    grader, sandbox = ends
    k = grader.handle(Board(), "game")
    assert _serve_all(grader, sandbox, ["attr", k, "solve"]) == [("ok", 1, ("refused",))]


@pytest.mark.parametrize("request_, why", [
    (["fn", 1, [], {"$d": []}], "handle 1 is not a fn"),         # a game used as a function
    (["call", 2, "actions", [], {"$d": []}], "handle 2 is not a game"),
    (["call", 99, "actions", [], {"$d": []}], "an unknown handle"),
    (["call", True, "actions", [], {"$d": []}], "an unknown handle"),
    (["exec", 1], "malformed request"),
    (["call", 1, "actions", 5, {"$d": []}], "malformed call"),
])
def test_a_handle_used_as_what_it_is_not_breaks_the_channel(ends, request_, why):
    grader, sandbox = ends
    grader.handle(Board(), "game")
    grader.handle(len, "fn")
    sandbox.send("req", 1, *request_)
    with pytest.raises(ChannelError, match=why):
        grader.request(("go",), deadline=1.0, remote_fn=None, clock=Countdown(100))


def test_a_request_without_a_number_breaks_the_channel(ends):
    grader, sandbox = ends
    sandbox.send("req", "call", 1, "actions")
    with pytest.raises(ChannelError, match="malformed request"):
        grader.request(("go",), deadline=1.0, remote_fn=None, clock=Countdown(100))


def test_the_graders_objects_cross_as_handles_and_come_back_as_themselves(ends):
    from gamelib.games import TicTacToe
    from gamelib.grading.tracing import TracedGame
    grader, sandbox = ends
    game, node, state = TracedGame(TicTacToe()), SearchNode("state"), Spot(1, 2)
    message = sandbox._unpickle(grader.encode(("x", game, node, len, state, [1, "two"])))
    _, remote_game, remote_node, remote_fn, value, plain = message
    assert type(remote_game) is RemoteGame and type(remote_node) is RemoteNode and type(remote_fn) is RemoteCallable
    assert remote_node == "state" and value == state and plain == [1, "two"]
    with pytest.raises(AttributeError, match="cannot be changed"):
        remote_game.initial_state = "won"
    kinds = {grader.kinds[k]: grader.objects[k] for k in grader.objects}
    assert kinds["game"] is game and kinds["node"] is node and kinds["fn"] is len and kinds["val"] == state
    back = grader.decode(json.dumps(["value", sandbox.data([remote_node, remote_game, value])]).encode(), None)
    [n, g, v] = back[2](back[1][0])
    assert n is node and g is game and v is state                # the grader's own objects, by handle
    with pytest.raises(pickle.UnpicklingError):                  # nothing of them travels by value
        pickle.loads(grader.encode(game))


def test_a_budget_struck_while_serving_stops_the_sandbox_and_every_later_request(ends):
    grader, sandbox = ends

    def evaluation(state):
        raise BudgetExceeded("the search arrived at more nodes than its budget allows")

    k = grader.handle(evaluation, "fn")
    answers = _serve_all(grader, sandbox, ["fn", k, [1], {"$d": []}], ["fn", k, [2], {"$d": []}])
    assert [a[0] for a in answers] == ["abort", "abort"]
    assert isinstance(grader.aborted, BudgetExceeded)


def test_the_students_objects_arrive_as_opaque_equal_to_nothing():
    class Mine:
        def __repr__(self):
            return "mine!" * 100

    data = to_data(Mine(), lambda x: None, lambda f: 1)
    value = from_data(data, None, None)
    assert isinstance(value, Opaque) and value.type_name == "Mine" and len(repr(value)) == 200
    assert value != value and value != "mine!" and not (value == Mine())


# -- the sandbox's end ---------------------------------------------------------------------------------

def test_the_sandbox_drops_stale_answers_and_keeps_in_step(ends):
    grader, sandbox = ends
    sandbox.asked = 4                                           # requests 1-4 were given up (their time ran out)
    grader.send("ok", 3, ("value", "stale"))
    grader.send("ok", 5, ("value", "fresh"))
    assert sandbox.ask("attr", 1, "size") == ("value", "fresh")
    assert grader.receive(None)[:2] == ("req", [5, "attr", 1, "size"])


def test_the_graders_errors_reach_the_students_code_as_classes_it_can_catch(ends):
    from gamelib.core import IllegalMoveError
    grader, sandbox = ends
    sandbox.errors = {"IllegalMoveError": IllegalMoveError}
    for number, (kind, info) in enumerate([("err", {"type": "IllegalMoveError", "message": "no"}),
                                           ("err", {"type": "KeyError", "message": "k"}),
                                           ("err", {"type": "SystemExit", "message": "bye"}),
                                           ("err", {"type": "Nonsense", "message": "?"}),
                                           ("abort", {"type": "BudgetExceeded", "message": "budget"})], 1):
        grader.send(kind, number, info)
    raised = []
    for _ in range(5):
        with pytest.raises(BaseException) as e:
            sandbox.ask("call", 1, "actions", [], {"$d": []})
        raised.append(type(e.value))
    assert raised == [IllegalMoveError, KeyError, RuntimeError, RuntimeError, BudgetExceeded]
