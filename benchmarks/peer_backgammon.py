"""Peer check: gamelib's backgammon against OpenSpiel's ``backgammon`` (issue 26).  Not a runtime
dependency and not a test: it runs where OpenSpiel is importable and prints "OpenSpiel not installed"
otherwise.

Run:  PYTHONPATH=. /path/to/venv-with-open_spiel/bin/python benchmarks/peer_backgammon.py [--positions N]

OpenSpiel plays random games (each of its legal actions equally likely; ``scoring_type=full_scoring``,
gammons 2 and backgammons 3).  At every decision, both games are asked for the legal turns of the same
position and roll:

* gamelib's actions are whole turns, one per distinct resulting position;
* OpenSpiel's actions are pairs of checker moves (a double is two such actions, the second one taken in
  a state where the same player moves again), several of them reaching the same position.

So the check compares the **sets of positions** a turn can reach (both sides' checkers, bars and borne-off
counts), and for the turns that end the game their utilities.  At chance nodes it compares the
distribution of the rolls (OpenSpiel's 36 ordered outcomes against gamelib's 21 rolls; 30 at the opening
throw), and at the end of every game the returns.

OpenSpiel numbers the points 0..23 for both players; X (player 0) moves up from 0 and bears off past 23,
O (player 1) moves down and bears off below 0.  In gamelib's numbering (each side its own, 24 down to 1),
X's checker at OpenSpiel position i is on point 24 - i and O's on point i + 1.

A known departure of OpenSpiel, counted separately when it shows: it plays a double as two actions of two
checker moves each and does not look ahead from the first pair, so it can offer a first pair after which
the second cannot be played, although another first pair would allow all four (the rule says to play as
many of the four as possible).  Such turns appear in OpenSpiel's set only.
"""
from __future__ import annotations

import argparse
import collections
import pathlib
import random
import re
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gamelib import MAX, MIN  # noqa: E402
from gamelib.games.backgammon import BAR, Backgammon, BackgammonState, notation, pack  # noqa: E402

OS_BAR = 100


def os_sides(st) -> tuple:
    """The packed (X, O) sides of an OpenSpiel state, in gamelib's numbering."""
    x, o = [0] * 26, [0] * 26
    for i in range(24):
        x[24 - i] = st.board(0, i)
        o[i + 1] = st.board(1, i)
    x[BAR], o[BAR] = st.board(0, OS_BAR), st.board(1, OS_BAR)
    return pack(x), pack(o)


def os_dice(st) -> tuple:
    """The roll an OpenSpiel decision state plays, (high, low), read from its text form."""
    m = re.search(r"^Dice: (\d)u?(\d)u?$", str(st), re.M)
    a, b = int(m.group(1)), int(m.group(2))
    return max(a, b), min(a, b)


def os_turn_results(st) -> dict:
    """{(X, O) after the turn: OpenSpiel's returns there if terminal, else None}, over every sequence of
    OpenSpiel actions that makes up one turn (two for a double whose first half used both dice)."""
    player = st.current_player()
    out = {}
    for a in st.legal_actions():
        c = st.child(a)
        if not c.is_terminal() and not c.is_chance_node() and c.current_player() == player:
            for a2 in c.legal_actions():
                c2 = c.child(a2)
                out[os_sides(c2)] = tuple(c2.returns()) if c2.is_terminal() else None
        else:
            out[os_sides(c)] = tuple(c.returns()) if c.is_terminal() else None
    return out


def mine_turn_results(game, state) -> dict:
    out = {}
    for a in game.actions(state):
        c = game.result(state, a)
        out[c.x, c.o] = (game.utility(c, MAX), game.utility(c, MIN)) if game.is_terminal(c) else None
    return out


def check(n_positions: int, seed: int, verbose: int) -> int:  # noqa: C901 - one walk through a game beside OpenSpiel, each check where it happens
    from importlib.metadata import version

    import pyspiel
    os_game = pyspiel.load_game("backgammon(scoring_type=full_scoring)")
    game = Backgammon(gammons=True)
    rng = random.Random(seed)
    tally = collections.Counter()
    examples = collections.defaultdict(list)
    t0 = time.perf_counter()
    while tally["positions"] < n_positions:
        st = os_game.new_initial_state()
        mine = game.initial_state
        tally["games"] += 1
        while True:
            if st.is_terminal():
                if not game.is_terminal(mine):
                    tally["unfinished (OpenSpiel's turn limit)"] += 1
                    break
                tally["ends"] += 1
                same = tuple(st.returns()) == (game.utility(mine, MAX), game.utility(mine, MIN))
                tally["ends, same returns" if same else "ends, DIFFERENT returns"] += 1
                tally[f"ends worth {abs(game.utility(mine, MAX))}"] += 1
                break
            if st.is_chance_node():
                ours = dict(game.chance_outcomes(mine))
                theirs = collections.Counter()
                children = {}
                for a, p in st.chance_outcomes():
                    c = st.child(a)
                    d = os_dice(c)
                    key = d if mine.turn is not None else ((d[0], d[1]) if c.current_player() == 0 else (d[1], d[0]))
                    theirs[key] += p
                    children.setdefault(key, c)
                same = set(ours) == set(theirs) and all(abs(ours[k] - theirs[k]) < 1e-12 for k in ours)
                tally["chance nodes, same distribution" if same else "chance nodes, DIFFERENT"] += 1
                a, p = zip(*st.chance_outcomes())
                st = st.child(rng.choices(a, p)[0])
                d = os_dice(st)
                outcome = d if mine.turn is not None else (d if st.current_player() == 0 else (d[1], d[0]))
                mine = game.result(mine, outcome)
                if (mine.turn == MAX) != (st.current_player() == 0) or mine.dice != d:
                    raise AssertionError(f"the dice disagree: {mine!r} against OpenSpiel's\n{st}")
                continue
            x, o = os_sides(st)
            if (x, o) != (mine.x, mine.o):
                raise AssertionError(f"the positions disagree: {mine!r} against OpenSpiel's\n{st}")
            tally["positions"] += 1
            ours, theirs = mine_turn_results(game, mine), os_turn_results(st)
            if ours == theirs:
                tally["same turns"] += 1
            elif set(ours) < set(theirs) and mine.dice[0] == mine.dice[1] \
                    and all(ours[k] == theirs[k] for k in ours):
                tally["double: OpenSpiel offers extra turns that play fewer numbers"] += 1
                examples["double"].append((mine, sorted(set(theirs) - set(ours))))
            else:
                tally["DIFFERENT turns"] += 1
                examples["different"].append((mine, sorted(set(ours) - set(theirs)),
                                              sorted(set(theirs) - set(ours))))
            tally["turns (gamelib)"] += len(ours)
            tally["actions (OpenSpiel)"] += len(st.legal_actions())
            # Random play by OpenSpiel's actions, then the same turn in gamelib (found by its position).
            player = st.current_player()
            st = st.child(rng.choice(st.legal_actions()))
            if not st.is_terminal() and not st.is_chance_node() and st.current_player() == player:
                st = st.child(rng.choice(st.legal_actions()))
            after = os_sides(st)
            move = next((a for a in game.actions(mine) if (lambda c: (c.x, c.o))(game.result(mine, a)) == after),
                        None)
            if move is None:
                raise AssertionError(f"OpenSpiel's turn reaches a position gamelib does not offer from {mine!r}")
            mine = game.result(mine, move)
    seconds = time.perf_counter() - t0
    print(f"{tally['positions']:,} decision positions from {tally['games']:,} random games "
          f"({seconds:.1f} s), OpenSpiel {version('open_spiel')} "
          f"backgammon(scoring_type=full_scoring) against gamelib's Backgammon():")
    for key, n in sorted(tally.items()):
        if key not in ("positions", "games"):
            print(f"  {key}: {n:,}")
    print(f"  mean turns a position: gamelib {tally['turns (gamelib)'] / tally['positions']:.1f} distinct "
          f"positions, OpenSpiel {tally['actions (OpenSpiel)'] / tally['positions']:.1f} actions")
    for kind, rows in examples.items():
        for row in rows[:verbose]:
            print(f"  example ({kind}): {notation(row[0])}: " + "; ".join(
                ", ".join(notation(BackgammonState(x, o)) for x, o in part[:3]) for part in row[1:]))
    bad = tally["DIFFERENT turns"] + tally["chance nodes, DIFFERENT"] + tally["ends, DIFFERENT returns"]
    print("agreement: " + ("every turn set, roll distribution and return agrees" if not bad
                           else f"{bad} disagreements"))
    return 1 if bad else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000, help="decision positions to compare")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--examples", type=int, default=3, help="examples of each kind of difference to print")
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel not installed (pip install open_spiel in a separate venv, then run this script "
              "with PYTHONPATH pointing at this checkout)")
        return 0
    return check(args.positions, args.seed, args.examples)


if __name__ == "__main__":
    sys.exit(main())
