"""The channel between the grader and a student's code running in the sandbox.

When a submission is graded, the student's code runs in a sandbox (:mod:`gamelib.grading.isolation`)
and everything that decides the grade stays in the grader's process: the hidden cases, gamelib's
reference searches, the comparison and the record of what the student's search did.  The two talk
over one pair of pipes, in messages of a 4-byte length and a payload:

* **grader → sandbox** (:class:`GraderEnd`): a pickle.  Objects that must stay in the grader travel as
  *handles* (pickle's persistent ids): a game the grader watches (a
  :class:`~gamelib.grading.tracing.TracedGame`, which records the nodes a search arrives at) is handed
  over as a :class:`RemoteGame`, whose every method call comes back to the grader; a search-tree node
  as a :class:`RemoteNode` holding a copy of its state; a function of the grader's (an evaluation, an
  opponent's policy) as a :class:`RemoteCallable`.  A game the grader does not watch (the
  partial-observability exercises hand the game itself) travels by value: its rules run in the
  sandbox, on the sandbox's copy.  Other states travel by value and keep a handle, so that a state the
  student hands back *is* the grader's state.
* **sandbox → grader** (:class:`SandboxEnd`): JSON, data only (:func:`to_data`): numbers, strings,
  lists, tuples, sets, dicts, handles, and the names of the student's functions.  The grader never
  unpickles anything the sandbox wrote, so nothing a student sends can run code in the grader; a
  value of any other type arrives as an :class:`Opaque` (its type name and a short repr), equal to
  nothing.

Whichever end waits for an answer serves the other end's requests meanwhile, so calls nest: the
grader calls the student's search, the search asks the grader's game for a node's children, and so on.
The grader's reads carry a deadline, so a sandbox that stops answering cannot hold it.
"""
from __future__ import annotations

import contextlib
import io
import json
import math
import numbers
import os
import pickle
import select
import signal
import struct
from fractions import Fraction
from typing import Any

from . import clock as _clock
from .tracing import SearchNode

MAX_MESSAGE = 16 * 1024 * 1024
"""Bytes one message may hold; a longer one (a student's answer of millions of items) is refused."""
MAX_DEPTH = 60
"""How deeply a value sent by the sandbox may nest."""
MAX_ITEMS = 2_000_000
"""How many items a value sent by the sandbox may hold in all."""

PROTOCOL_METHODS = frozenset({
    "to_move", "actions", "result", "is_terminal", "utility", "utilities", "chance_outcomes",
    "observation", "information_set", "evaluate", "policy", "node", "check_state"})
"""The methods of a grader's game a student's code may call: the game protocol (AIMA's names plus
gamelib's optional ones) and what a :class:`~gamelib.grading.tracing.TracedGame` offers besides.
Anything else (a solver, a constructor) is refused, so a submission cannot make the grader work for
it."""


class ChannelError(RuntimeError):
    """The other end broke the protocol (a malformed or oversized message, or it went away)."""


class SandboxTimeout(ChannelError):
    """The sandbox did not answer before the deadline."""


class SandboxGone(ChannelError):
    """The sandbox's end of the channel closed (it exited, or was killed)."""


# ---------------------------------------------------------------------------------------------------
# Framing
# ---------------------------------------------------------------------------------------------------

def _write(fd: int, payload: bytes, deadline: float | None = None, clock=_clock.WALL) -> None:
    """Write one message.  With a ``deadline`` (the grader's end, whose pipe is non-blocking) every
    part of it must be taken before then, on ``clock``: a sandbox that stops reading cannot hold the
    grader."""
    data = struct.pack(">I", len(payload)) + payload
    view = memoryview(data)
    while view:
        if deadline is not None:
            left = clock.left(deadline)
            if left <= 0 or not select.select([], [fd], [], left)[1]:
                raise SandboxTimeout("the sandbox stopped reading before the deadline")
        try:
            n = os.write(fd, view)
        except BlockingIOError:
            continue
        view = view[n:]


def _read_exactly(fd: int, n: int, deadline: float | None, clock=_clock.WALL) -> bytes:
    chunks, need = [], n
    while need:
        if deadline is not None:
            left = clock.left(deadline)
            if left <= 0:
                raise SandboxTimeout("no answer before the deadline")
            if not select.select([fd], [], [], left)[0]:
                continue                        # the clock tells whether that was the deadline
        try:
            chunk = os.read(fd, min(need, 1 << 20))
        except BlockingIOError:
            continue
        if not chunk:
            raise SandboxGone("the other end closed the channel")
        chunks.append(chunk)
        need -= len(chunk)
    return b"".join(chunks)


def _read(fd: int, deadline: float | None = None, clock=_clock.WALL) -> bytes:
    """Read one message; with a ``deadline`` (on ``clock``), its length and every byte of its body
    arrive before then (a sandbox that sends half a message and stops is given up on at the deadline)."""
    (n,) = struct.unpack(">I", _read_exactly(fd, 4, deadline, clock))
    if n > MAX_MESSAGE:
        raise ChannelError(f"a message of {n:,} bytes (at most {MAX_MESSAGE:,})")
    return _read_exactly(fd, n, deadline, clock) if n else b""


# ---------------------------------------------------------------------------------------------------
# Data from the sandbox: JSON with tags, decoded into plain Python values
# ---------------------------------------------------------------------------------------------------

class Opaque:
    """A value the sandbox sent that is not plain data (an object of the student's own class, a
    module, ...): its type name and the start of its repr, for feedback.  Equal to nothing."""

    __slots__ = ("type_name", "text")

    def __init__(self, type_name: str, text: str):
        self.type_name, self.text = str(type_name)[:60], str(text)[:200]

    def __repr__(self):
        return self.text

    def __eq__(self, other):
        return False

    def __hash__(self):
        return id(self)


class Placeholder:
    """``...`` or ``NotImplemented`` as the sandbox sent it (decoded back to the real constant)."""


_NOT_SCALAR = object()


def _scalar_data(x):
    """A number, string, None or placeholder as data (``_NOT_SCALAR`` for anything else)."""
    if x is None or isinstance(x, (bool, str)):
        return x
    if x is Ellipsis or x is NotImplemented:
        return {"$x": "..." if x is Ellipsis else "NotImplemented"}
    if isinstance(x, numbers.Integral):
        return int(x)
    if isinstance(x, Fraction):
        return {"$q": [x.numerator, x.denominator]}
    if isinstance(x, numbers.Real):
        v = float(x)
        return v if math.isfinite(v) else {"$f": repr(v)}
    return _NOT_SCALAR


def _container_data(x, items):
    """A list, tuple (a gamelib named tuple by its type's name), set or dict as data, its items made
    data by ``items``; None for anything else."""
    if isinstance(x, list):
        return items(x)
    if isinstance(x, tuple):
        cls = type(x)
        if cls is not tuple and hasattr(cls, "_fields") and str(getattr(cls, "__module__", "")).startswith("gamelib."):
            return {"$nt": f"{cls.__module__}:{cls.__qualname__}", "v": items(x)}
        return {"$t": items(x)}
    if isinstance(x, (set, frozenset)):
        return {"$fs" if isinstance(x, frozenset) else "$s": items(x)}
    if isinstance(x, dict):
        return {"$d": [items(pair) for pair in x.items()]}
    return None


def to_data(x: Any, ref_of, fn_of, depth: int = 0, count: list | None = None):
    """``x`` as JSON-ready data; ``ref_of(x)`` is the handle of a value that came from the grader (or
    None), ``fn_of(f)`` registers one of the student's callables and gives its handle.  A value that is
    none of these (an object of the student's own class) goes as its type name and a short repr."""
    count = [0] if count is None else count
    count[0] += 1
    if isinstance(x, (list, tuple, set, frozenset, dict)) and count[0] + len(x) > MAX_ITEMS:
        count[0] = MAX_ITEMS + 1                                  # refused before a single item is read
    if count[0] > MAX_ITEMS or depth > MAX_DEPTH:
        raise ValueError("the value is too large or nests too deeply to be graded")
    ref = ref_of(x)
    if ref is not None:
        return {"$r": ref}
    scalar = _scalar_data(x)
    if scalar is not _NOT_SCALAR:
        return scalar
    container = _container_data(x, lambda items: [to_data(i, ref_of, fn_of, depth + 1, count) for i in items])
    if container is not None:
        return container
    if callable(x) and not isinstance(x, type):
        return {"$fn": fn_of(x), "n": str(getattr(x, "__qualname__", getattr(x, "__name__", type(x).__name__)))[:80]}
    try:
        text = repr(x)
    except Exception:                                            # noqa: BLE001 -- a student's __repr__
        text = f"<{type(x).__name__}>"
    return {"$o": type(x).__name__, "v": text[:200]}


MAX_SAME_HASH = 64
"""How many items of one set (or keys of one dict) sent by the sandbox may share a hash value.  Items
with one hash all land in one chain of Python's hash table, so a set of n of them costs n² to build: a
sandbox that writes its own messages can send 700,000 integers that are multiples of 2⁶¹ − 1 (all hash
to 0), or tuples solved for one hash, and hold the grader for hours.  Honest data never comes close (the
integers −1 and −2 share a hash; little else does)."""
MAX_FRACTION_BITS = 4096
"""The largest numerator or denominator (in bits) of a fraction sent by the sandbox: reducing one costs
a gcd, quadratic in its length."""
DEADLINE_EVERY = 4096
"""How many items are decoded between two looks at the clock (:class:`Reading`)."""


class Reading:
    """The reading of one value sent by the sandbox: its handles (``ref``, ``remote_fn``) and its
    bounds.  Every item costs a constant amount and a set or dict is refused when its keys collide
    (:data:`MAX_SAME_HASH`), so reading a message costs time linear in its size; and with a
    ``deadline`` (on ``clock``, the deadline of the request that brought the value) the reading stops
    there, raising :class:`SandboxTimeout`, like the read of the message itself."""

    def __init__(self, ref, remote_fn, deadline: float | None = None, clock=_clock.WALL):
        self.ref, self.remote_fn, self.deadline, self.clock = ref, remote_fn, deadline, clock
        self.items = 0

    def tick(self) -> None:
        self.items += 1
        if self.deadline is not None and self.items % DEADLINE_EVERY == 0 and self.clock.left(self.deadline) <= 0:
            raise SandboxTimeout("the answer could not be read before the deadline")


def distinct_hashes(keys, what: str) -> None:
    """Refuse ``keys`` (of a set or dict sent by the sandbox) when more than :data:`MAX_SAME_HASH` of them
    share one hash value: the count itself is a dict of hash values, which are small integers, so this
    costs time linear in ``len(keys)`` whatever the keys are."""
    seen: dict = {}
    for key in keys:
        try:
            h = hash(key)
        except TypeError:
            raise ChannelError(f"a {what} with an unhashable item") from None
        n = seen.get(h, 0) + 1
        if n > MAX_SAME_HASH:
            raise ChannelError(f"a {what} whose items share one hash value more than {MAX_SAME_HASH} times "
                               "(made to be slow to read)")
        seen[h] = n


def _decoded_set(d, decode):
    items = [decode(i) for i in _list(d.get("$s", d.get("$fs")))]
    distinct_hashes(items, "set")
    return (set if "$s" in d else frozenset)(items)


def _decoded_dict(d, decode):
    pairs = []
    for pair in _list(d["$d"]):
        if not (isinstance(pair, list) and len(pair) == 2):
            raise ChannelError("malformed dict")
        pairs.append((decode(pair[0]), decode(pair[1])))
    distinct_hashes([k for k, _ in pairs], "dict")
    return dict(pairs)


def _decoded_named_tuple(d, decode):
    items = [decode(i) for i in _list(d.get("v"))]
    cls = _named_tuple(d["$nt"])
    return cls._make(items) if cls is not None and len(items) == len(cls._fields) else tuple(items)


def _decoded_float(d, decode):
    if d["$f"] not in ("inf", "-inf", "nan"):
        raise ChannelError("malformed float")
    return float(d["$f"])


def _decoded_fraction(d, decode):
    num, den = _list(d["$q"])
    if not (isinstance(num, int) and isinstance(den, int) and den > 0):
        raise ChannelError("malformed fraction")
    if max(abs(num).bit_length(), den.bit_length()) > MAX_FRACTION_BITS:
        raise ChannelError(f"a fraction of more than {MAX_FRACTION_BITS} bits")
    return Fraction(num, den)


_DECODERS = {
    "$t": lambda d, decode: tuple(decode(i) for i in _list(d["$t"])),
    "$nt": _decoded_named_tuple,
    "$s": _decoded_set,
    "$fs": _decoded_set,
    "$d": _decoded_dict,
    "$f": _decoded_float,
    "$q": _decoded_fraction,
    "$x": lambda d, decode: {"...": Ellipsis, "NotImplemented": NotImplemented}.get(d["$x"], Ellipsis),
    "$o": lambda d, decode: Opaque(d["$o"], d.get("v", "")),
}
"""How each tag of the sandbox's data is read back (``$r`` and ``$fn``, handles, are read by
:func:`from_data` itself)."""


def from_data(d: Any, ref, remote_fn, depth: int = 0, reading: Reading | None = None):
    """The plain Python value of the data ``d`` (the grader's side); ``ref(k)`` is the grader's object
    with handle ``k``, ``remote_fn(k, name)`` a callable that calls the student's function ``k``;
    ``reading`` bounds the time it takes (:class:`Reading`; by default no deadline)."""
    reading = Reading(ref, remote_fn) if reading is None else reading
    reading.tick()
    if depth > MAX_DEPTH + 2:
        raise ChannelError("a value nests too deeply")
    if d is None or isinstance(d, (bool, int, float, str)):
        return d
    decode = lambda v: from_data(v, ref, remote_fn, depth + 1, reading)  # noqa: E731
    if isinstance(d, list):
        return [decode(i) for i in d]
    if not isinstance(d, dict) or not d or len(d) > 2:
        raise ChannelError("malformed data")
    tag = next((k for k in d if k.startswith("$")), None)
    if tag == "$r":
        return ref(d["$r"])
    if tag == "$fn":
        if not isinstance(d["$fn"], int):
            raise ChannelError("malformed function handle")
        return remote_fn(d["$fn"], str(d.get("n", "function")))
    if tag not in _DECODERS:
        raise ChannelError("malformed data")
    return _DECODERS[tag](d, decode)


def _named_tuple(name):
    """gamelib's named-tuple class ``module:qualname`` (a state type) from a module the grader has
    already imported, or None: nothing is imported, nothing else is looked up."""
    import sys
    if not isinstance(name, str) or not name.startswith("gamelib.") or name.count(":") != 1:
        return None
    module, qualname = name.split(":")
    cls = getattr(sys.modules.get(module), qualname, None) if qualname.isidentifier() else None
    if isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields") and hasattr(cls, "_make"):
        return cls
    return None


def _list(x):
    if not isinstance(x, list):
        raise ChannelError("malformed data")
    return x


# ---------------------------------------------------------------------------------------------------
# Exceptions as they cross
# ---------------------------------------------------------------------------------------------------

class RemoteError(Exception):
    """An exception raised by the student's code in the sandbox, as the grader sees it: its class is
    made on the fly with the student's exception's name (``type(e).__name__`` reads as it did in the
    sandbox); ``where`` is the student's line that raised."""

    where = ""


_ERROR_CLASSES: dict = {}


def remote_error(name: str, message: str, where: str = "") -> RemoteError:
    """An exception standing for the student's ``name: message`` (``name`` kept only if it is a plain
    identifier)."""
    name = name if isinstance(name, str) and name.isidentifier() and len(name) <= 60 else "Exception"
    cls = _ERROR_CLASSES.get(name)
    if cls is None:
        cls = _ERROR_CLASSES[name] = type(name, (RemoteError,), {})
    error = cls(str(message)[:500])
    error.where = str(where)[:300]
    return error


def error_info(error: BaseException) -> dict:
    """What crosses the channel of an exception: its class name and message."""
    try:
        message = str(error)
    except Exception:                                            # noqa: BLE001 -- a student's __str__
        message = ""
    return {"type": type(error).__name__, "message": message[:500]}


# ---------------------------------------------------------------------------------------------------
# The grader's end
# ---------------------------------------------------------------------------------------------------

class _GraderPickler(pickle.Pickler):
    """Pickles the grader's messages, sending its objects by handle (:class:`GraderEnd`)."""

    def __init__(self, file, end):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.end = end

    def persistent_id(self, obj):
        t = type(obj)
        if t in _BY_VALUE:
            return None
        end = self.end
        if t is _node_type():
            return ("node", end.handle(obj, "node"), pickle.dumps(_state_of(obj)))
        if isinstance(obj, _traced_type()):
            return ("game", end.handle(obj, "game"), (type(obj).__name__, False))
        if isinstance(obj, _game_type()):
            return None                     # a game the grader does not watch travels by value (see above)
        if isinstance(obj, (str, bytes, int, float, bool, list, dict, set, frozenset, Fraction, type)):
            return None
        if callable(obj):
            return ("fn", end.handle(obj, "fn"), getattr(obj, "__name__", type(obj).__name__))
        try:
            hash(obj)
        except TypeError:
            return None
        return ("val", end.handle(obj), pickle.dumps(obj))


_BY_VALUE = frozenset({str, bytes, int, float, bool, type(None), list, dict, set, frozenset, tuple, Fraction})


def _node_type():
    from .tracing import SearchNode
    return SearchNode


def _state_of(node):
    from .tracing import unwrap
    return unwrap(node)


def _game_type():
    from ..core import Game
    return Game


def _traced_type():  # noqa: D103
    from .tracing import TracedGame
    return TracedGame


class GraderEnd:
    """The grader's end of the channel (``rfd`` read, ``wfd`` write).

    Objects handed to the sandbox by handle are kept in :attr:`objects` (number -> object) for as long
    as the channel lives.  While it waits for an answer it serves the sandbox's requests: a game's
    method (:data:`PROTOCOL_METHODS` only), a game's public data attribute, a call of one of the
    grader's functions.  ``on_abort`` is set by a search's budget (a
    :class:`~gamelib.grading.tracing.BudgetExceeded` raised while serving): the sandbox is told to
    stop, and the call counts as over budget whatever the sandbox answers next."""

    def __init__(self, rfd: int, wfd: int):
        self.rfd, self.wfd = rfd, wfd
        os.set_blocking(wfd, False)             # every write has a deadline (see _write)
        self.deadline: float | None = None      # the deadline of the request being answered, on clock
        self.clock = _clock.WALL                # the session's fair clock once the sandbox is ready
        self.objects: dict[int, Any] = {}
        self.kinds: dict[int, str] = {}
        self._ids: dict[int, int] = {}
        self.aborted: BaseException | None = None
        self.requests = 0

    # -- handles ----------------------------------------------------------------------------------
    def handle(self, obj, kind: str = "val") -> int:
        """The number by which the sandbox refers to ``obj`` (a 'game', a 'fn', a 'node' or a 'val')."""
        key = id(obj)
        k = self._ids.get(key)
        if k is None or self.objects.get(k) is not obj:
            k = len(self.objects) + 1
            self.objects[k] = obj
            self.kinds[k] = kind
            self._ids[key] = k
        return k

    def _object(self, k, kind: str | None = None):
        if not isinstance(k, int) or isinstance(k, bool) or k not in self.objects:
            raise ChannelError("an unknown handle")
        if kind is not None and self.kinds[k] != kind:
            raise ChannelError(f"handle {k} is not a {kind}")
        return self.objects[k]

    # -- encoding ---------------------------------------------------------------------------------
    def encode(self, message) -> bytes:
        buf = io.BytesIO()
        _GraderPickler(buf, self).dump(message)
        return buf.getvalue()

    def decode(self, payload: bytes, remote_fn, deadline: float | None = None):
        """``(kind, fields, decode)`` of the sandbox's message ``payload``: ``decode`` reads a field's
        data within ``deadline`` (the request's, on the channel's clock) at a cost linear in its size."""
        try:
            data = json.loads(payload)
        except (ValueError, RecursionError):
            raise ChannelError("a message that is not JSON") from None
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise ChannelError("malformed message")
        clock = self.clock
        return data[0], data[1:], lambda d: from_data(d, self._object, remote_fn,
                                                      reading=Reading(self._object, remote_fn, deadline, clock))

    # -- talking ----------------------------------------------------------------------------------
    def send(self, *message) -> None:
        """Send ``message`` before the deadline of the request under way (a sandbox that stops reading,
        or floods the channel with requests and never reads the answers, is given up on then)."""
        try:
            _write(self.wfd, self.encode(message), self.deadline, self.clock)
        except (BrokenPipeError, OSError) as e:
            raise SandboxGone(f"the sandbox went away ({type(e).__name__})") from None

    def receive(self, deadline: float | None, remote_fn=None):
        """The sandbox's next message ``(kind, fields, decode)``, read before ``deadline``."""
        return self.decode(_read(self.rfd, deadline, self.clock), remote_fn or _no_functions, deadline)

    def request(self, message: tuple, deadline: float | None, remote_fn, clock=None):
        """Send ``message`` and return the sandbox's answer ``(kind, fields, decode)``, serving its
        requests in the meantime; every read and write of the exchange is done before ``deadline`` (on
        ``clock``, by default the channel's own)."""
        outer, self.deadline = self.deadline, deadline
        outer_clock, self.clock = self.clock, clock or self.clock
        try:
            self.send(*message)
            while True:
                kind, fields, decode = self.decode(_read(self.rfd, deadline, self.clock), remote_fn, deadline)
                if kind == "req":
                    self._serve(fields, decode)
                else:
                    return kind, fields, decode
        finally:
            self.deadline, self.clock = outer, outer_clock

    def _serve(self, fields, decode) -> None:
        """Answer the sandbox's request ``[number, what, ...]``: the answer carries the request's number,
        so an answer the sandbox stopped waiting for (its time ran out meanwhile) is known as stale."""
        self.requests += 1
        if not fields or not isinstance(fields[0], int) or isinstance(fields[0], bool):
            raise ChannelError("malformed request")
        number, fields = fields[0], fields[1:]
        try:
            if not fields or fields[0] not in ("call", "attr", "fn"):
                raise ChannelError("malformed request")
            if self.aborted is not None:
                raise self.aborted
            what = fields[0]
            target = self._object(fields[1], "fn" if what == "fn" else "game")
            if what == "attr":
                name = fields[2]
                if not isinstance(name, str) or name.startswith("_"):
                    raise AttributeError(f"no attribute {name!r} is offered while grading")
                value = getattr(target, name)
                if callable(value):
                    self.send("ok", number, ("method",) if name in PROTOCOL_METHODS else ("refused",))
                else:
                    self.send("ok", number, ("value", value))
                return
            args = decode(fields[3] if what == "call" else fields[2])
            kwargs = decode(fields[4] if what == "call" else fields[3])
            if not (isinstance(args, list) and isinstance(kwargs, dict)
                    and all(isinstance(k, str) for k in kwargs)):
                raise ChannelError("malformed call")
            if what == "call":
                name = fields[2]
                if name not in PROTOCOL_METHODS:
                    raise AttributeError(f"the game offers only its protocol while grading; not {name!r}")
                value = getattr(target, name)(*args, **kwargs)
            else:
                value = target(*args, **kwargs)
            self.send("ok", number, ("value", value))
        except ChannelError:
            raise
        except Exception as e:                                   # noqa: BLE001 -- relayed to the student
            self.send("err", number, error_info(e))
        except BaseException as e:                               # noqa: BLE001 -- a budget: stop the call
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            self.aborted = e
            self.send("abort", number, error_info(e))


def _no_functions(k, name):
    raise ChannelError("a function handle where none is expected")


# ---------------------------------------------------------------------------------------------------
# The sandbox's end
# ---------------------------------------------------------------------------------------------------

class RemoteNode(SearchNode):
    """A search-tree node handed to the student's code: a :class:`~gamelib.grading.tracing.SearchNode` (equal
    to, hashed as and printed as its state, with attribute reads, indexing, ``len`` and iteration passed
    on to the state) that also knows its handle: handed back, it is the grader's node."""

    __slots__ = ("_ref",)

    def __init__(self, ref, state):
        super().__init__(state)
        self._ref = ref


ANSWERS = ("ok", "err", "abort")
"""The grader's answers to the sandbox's requests (each carries the request's number)."""


@contextlib.contextmanager
def _timers_held():
    """Hold the time limit's signals (:func:`gamelib.grading.guard.time_limit_of`) while a message is
    read or written, so a limit that strikes meanwhile is raised after the message, never inside it: a
    half-written message would break the channel."""
    held = {signal.SIGPROF, signal.SIGALRM}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


class SandboxEnd:
    """The sandbox's end of the channel: it unpickles what the grader sends (grader objects become
    :class:`RemoteGame`, :class:`RemoteNode`, :class:`RemoteCallable`), sends data only, and keeps
    the student's callables it has named by number (:attr:`functions`)."""

    def __init__(self, rfd: int, wfd: int, errors: dict | None = None):
        self.rfd, self.wfd = rfd, wfd
        self.functions: dict[int, Any] = {}
        self._fn_ids: dict[int, int] = {}
        self._values: dict = {}                 # a value the grader sent by handle -> its handle
        self.errors = errors or {}              # exception class names the student's code may catch
        self.serve = None                       # set by the worker: serve(kind, fields) for requests
        self.asked = 0                          # the number of the last request sent to the grader

    def _ref_of(self, x):
        if type(x) is RemoteNode:
            return x._ref
        if type(x) in (RemoteGame, RemoteCallable):
            return x._ref
        if isinstance(x, (str, int, float, bool, type(None))):
            return None
        try:
            return self._values.get(x)
        except TypeError:
            return None

    def _fn_of(self, f) -> int:
        k = self._fn_ids.get(id(f))
        if k is None or self.functions.get(k) is not f:
            k = len(self.functions) + 1
            self.functions[k] = f
            self._fn_ids[id(f)] = k
        return k

    def data(self, x):
        return to_data(x, self._ref_of, self._fn_of)

    def send(self, kind: str, *fields) -> None:
        payload = json.dumps([kind, *fields], allow_nan=False).encode()
        with _timers_held():
            _write(self.wfd, payload)

    def receive(self):
        """The grader's next message, unpickled (:class:`RemoteGame` and the other handles made here)."""
        with _timers_held(), _clock.waiting_elsewhere():         # the grader's time, not the student's
            payload = _read(self.rfd)
        return self._unpickle(payload)

    def _unpickle(self, payload: bytes):
        return _SandboxUnpickler(io.BytesIO(payload), self).load()

    def ask(self, *request, since: float | None = None):
        """Send a request to the grader and wait for its answer, serving the grader's own requests
        (a call of one of the student's functions) in the meantime; the work of the exchange is the
        channel's, not the student's (:func:`gamelib.grading.clock.channel_work`; ``since``: this
        thread's CPU time when it began, encoding the request, by default now).  Each request has a
        number and its answer says it: an answer to a request whose wait was cut short (the time limit
        struck while waiting) arrives later, is known as stale and is dropped, so the channel never falls
        out of step."""
        started, questions = _clock.thread_cpu() if since is None else since, 1
        self.asked += 1
        number = self.asked
        try:
            self.send("req", number, *request)
            while True:
                message = self.receive()
                kind = message[0]
                if kind not in ANSWERS:
                    _clock.channel_work(started, questions)      # the student's code the grader calls is
                    started, questions = None, 0                 # the student's
                    self.serve(kind, message[1:])
                    started = _clock.thread_cpu()
                elif message[1] == number:
                    break
                # else stale: an answer to a request that was given up
        finally:
            if started is not None:
                _clock.channel_work(started, questions)
        if kind == "ok":
            return message[2]
        if kind == "err":
            raise self._error(message[2])
        from .tracing import BudgetExceeded
        raise BudgetExceeded(message[2].get("message", "stopped by the grader"))

    def _error(self, info: dict) -> BaseException:
        import builtins
        name, text = info.get("type", "Exception"), info.get("message", "")
        cls = self.errors.get(name) or getattr(builtins, name, None)
        if not (isinstance(cls, type) and issubclass(cls, Exception)):
            cls = RuntimeError
        try:
            return cls(text)
        except Exception:                                        # noqa: BLE001 -- an odd constructor
            return RuntimeError(f"{name}: {text}")


class _SandboxUnpickler(pickle.Unpickler):
    """What the grader sent, read at the sandbox's end ``end``: its handles become :class:`RemoteNode`,
    :class:`RemoteGame` and :class:`RemoteCallable`, and a value sent by handle is remembered with its
    handle (``end._values``).  One class for every message (a class made per message cost about a tenth
    of the sandbox's side of a round trip)."""

    def __init__(self, file, end: SandboxEnd):
        super().__init__(file)
        self.end = end

    def persistent_load(self, pid):
        end = self.end
        kind, ref, extra = pid
        if kind == "node":
            return RemoteNode(ref, pickle.loads(extra))
        if kind == "game":
            name, pure = extra
            return RemoteGame(end, ref, name, pure)
        if kind == "fn":
            return RemoteCallable(end, ref, extra)
        value = pickle.loads(extra)
        try:
            end._values[value] = ref
        except TypeError:
            pass
        return value


class RemoteGame:
    """A game of the grader's, seen from the sandbox: each method call and attribute read goes to the
    grader (where it is recorded); what comes back is a copy, so nothing here can change the game.

    A game whose calls the grader does not record (``pure``: not a
    :class:`~gamelib.grading.tracing.TracedGame`) answers a repeated question from a cache here: the
    game's rules are deterministic, and a belief-state exercise asks them tens of thousands of times."""

    def __init__(self, end: SandboxEnd, ref: int, type_name: str, pure: bool = False):
        object.__setattr__(self, "_end", end)
        object.__setattr__(self, "_ref", ref)
        object.__setattr__(self, "_type_name", type_name)
        object.__setattr__(self, "_attrs", {})
        object.__setattr__(self, "_cache", {} if pure else None)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        attrs = self._attrs
        if name not in attrs:
            answer = self._end.ask("attr", self._ref, name)
            if answer[0] == "method":
                attrs[name] = self._method(name)
            elif answer[0] == "refused":
                raise AttributeError(f"the game's {name!r} is not offered while grading (only its protocol: "
                                     f"{', '.join(sorted(PROTOCOL_METHODS))})")
            else:
                attrs[name] = answer[1]
        return attrs[name]

    def _method(self, name):
        end, ref, cache = self._end, self._ref, self._cache

        def method(*args, **kwargs):
            since = _clock.thread_cpu()                 # encoding the question is the channel's work
            data = end.data(list(args)), end.data(kwargs)
            if cache is None:
                return end.ask("call", ref, name, *data, since=since)[1]
            key = (name, json.dumps(data))
            if key not in cache:
                cache[key] = end.ask("call", ref, name, *data, since=since)[1]
            else:
                _clock.channel_work(since)
            value = cache[key]
            return list(value) if type(value) is list else dict(value) if type(value) is dict else value

        method.__name__ = name
        return method

    def __setattr__(self, name, value):
        raise AttributeError("the game handed to your code cannot be changed")

    def __repr__(self):
        return f"<{self._type_name}>"


class RemoteCallable:
    """One of the grader's functions (an evaluation, an opponent's policy), callable from the sandbox."""

    def __init__(self, end: SandboxEnd, ref: int, name: str):
        self._end, self._ref, self.__name__ = end, ref, name

    def __call__(self, *args, **kwargs):
        since = _clock.thread_cpu()
        data = self._end.data(list(args)), self._end.data(kwargs)
        return self._end.ask("fn", self._ref, *data, since=since)[1]

    def __repr__(self):
        return f"<function {self.__name__}>"
