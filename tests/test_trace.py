"""gamelib.trace: reading a trace without drawing it (issue 24).  The package imports neither matplotlib
nor ipywidgets, the names it took over answer where they used to (gamelib.core's Event and recording,
gamelib.viz's TraceView, describe_event, why-texts, chance intervals and number formats are the same
objects), and TraceView reads what the grader needs on AIMA Fig. 5.2 under alpha-beta."""
import subprocess
import sys


import gamelib
import gamelib.core
import gamelib.trace as T
import pytest
from gamelib import GameTree, alphabeta, maxn, minimax, star1
from gamelib.grading import byhand
from gamelib.grading.core import GradingError
from gamelib.experiments.chance_trees import random_chance_tree
from gamelib.viz import PRESETS, TreeExplorer, describe_event, describe_maxn_event
from gamelib.viz.explorer import FIG_5_4, NPLAYER_PRESETS

from .pins import check_pins


def test_the_package_draws_nothing():
    code = ("import sys, gamelib.trace; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'matplotlib', 'ipywidgets', 'networkx'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_old_homes_answer_with_the_same_objects():
    import gamelib.viz as viz
    import gamelib.viz.chance_widgets as cw
    import gamelib.viz.maxn as vm
    for name in ("Event", "Trace", "recording", "collector_paused"):
        assert not hasattr(gamelib.core, name), "core re-exporting the trace would make core -> trace -> core a cycle"
    assert gamelib.Event is T.Event and gamelib.proven_ranges is T.proven_ranges
    for name in ("TraceView", "MaxnView", "describe_event", "describe_maxn_event", "why_cut", "why_chance_cut",
                 "star1_window_text", "chance_intervals"):
        assert getattr(viz, name) is getattr(T, name)
    for name in ("fmt_number", "fmt_vector", "MaxnView", "describe_maxn_event"):
        assert getattr(vm, name) is getattr(T, name)
    for name in ("chance_intervals", "leaf_bounds", "returned_move_values"):
        assert getattr(cw, name) is getattr(T, name)


FIG_5_2 = PRESETS["AIMA Fig. 5.2"]


# --------------------------------------------------------------------------------------------------
# Pins, recorded before the trace readers moved out of gamelib.viz into gamelib.trace (issue 24) and
# before the explorer was split into a stepper and one strategy per kind of tree (then as SHA-256 digests;
# re-pinned as tests/pins.py's pins, which say what changed, from code that still matched them: issue 34) of
#
# * the traces every explorer preset records under each of its searches (and of random trees);
# * every word the explorer says at every step (``explorer.text``: describe_event, the why-texts, the
#   chance intervals, the summaries);
# * describe_event / describe_maxn_event of the notebooks' own traces;
# * proven_ranges over every prefix of those traces;
# * the grader's alphabeta_by_hand feedback on wrong answers.
#
# A change meant to leave behaviour alone keeps them; a change meant to change the words updates the
# pin it changes, in the same commit, and says why (a failure prints the new pins).  Changed since they were
# recorded: the explorer's texts (issue 23: the value and decision are not given away before the last
# step; max^n says where a mover is tied and how the rule breaks it, its players are P1, P2, P3) and
# four feedback lines of alphabeta_by_hand (issue 24: they explain a cut node with describe_event), then
# all its feedback lines (issue 41: a graded by-hand answer is told which parts are right and the rule a
# wrong one breaks, never alpha-beta's own leaves, windows, values or decision);
# every trace, describe_event, proven_ranges and pass/fail pin is the one first recorded.
_h = list                     # what is pinned: the lines themselves (tests/pins.py keeps their pin)


def explorer_configs():
    """(name, constructor arguments, settings to apply) of every explorer the pins walk through."""
    for name in PRESETS:
        probe = TreeExplorer(name, draw=False)
        for algorithm in probe.algorithm_toggle.options:
            yield f"{name} / {algorithm}", dict(tree=name, algorithm=algorithm), {}
        if "alphabeta" in probe.algorithm_toggle.options:
            yield f"{name} / strict", dict(tree=name), {"prune_on_equality": False}
    yield "Fig. 5.12 / star1 loose", dict(tree="AIMA Fig. 5.12 (.9/.1)", algorithm="star1"), {"bounds": (0, 5)}
    for name in NPLAYER_PRESETS:
        probe = TreeExplorer(name, draw=False)
        for algorithm in probe.algorithm_toggle.options:
            yield f"{name} / {algorithm}", dict(tree=name, algorithm=algorithm), {}
    for seed, order in ((0, "random"), (1, "best"), (2, "worst")):
        yield f"random 3x3 {seed} {order}", dict(tree=GameTree.random(3, 3, seed=seed, order=order)), {}
    for seed in (0, 1):
        rc = random_chance_tree(2, 2, 2, seed=seed)
        yield f"random chance {seed} / star1", dict(tree=rc, algorithm="star1"), {}
        yield f"random chance {seed} / expectiminimax", dict(tree=rc, algorithm="expectiminimax"), {}


def _explorer(args, settings):
    ex = TreeExplorer(draw=False, **args)
    for k, v in settings.items():
        setattr(ex, k, v)
    if "algorithm" in args:
        ex.algorithm = args["algorithm"]
    ex.first()
    return ex


def explorer_pinned() -> dict:
    out = {}
    for name, args, settings in explorer_configs():
        ex = _explorer(args, settings)
        texts = []
        for k in range(ex.total + 1):
            ex.step = k
            texts.append(ex.text)
        out[f"trace: {name}"] = _h(ex.result.trace)
        out[f"text: {name}"] = _h(texts)
    return out


def notebook_pinned() -> dict:
    out = {}
    fig52 = GameTree.from_nested(FIG_5_2)
    for search in (minimax, alphabeta):
        r = search(fig52, trace=True)
        out[f"describe {search.__name__} Fig. 5.2"] = _h(describe_event(e) for e in r.trace)
        out[f"describe {search.__name__} Fig. 5.2 players"] = _h(
            describe_event(e, fig52.players[e.state]) for e in r.trace)
    fig512 = GameTree.from_nested(PRESETS["AIMA Fig. 5.12 (.9/.1)"])
    r = star1(fig512, lower=1, upper=4, trace=True)
    out["describe star1 Fig. 5.12"] = _h(describe_event(e, fig512.players[e.state]) for e in r.trace)
    worst4 = GameTree.random(3, 4, seed=0, order="worst")
    r = alphabeta(worst4, trace=True)
    out["describe alphabeta worst4"] = _h(describe_event(e) for e in r.trace)
    fig54 = GameTree.from_nested(FIG_5_4, players=("A", "B", "C"))
    for ties in ("first", "spiteful", "generous", "paranoid"):
        r = maxn(fig54, ties=ties, trace=True)
        out[f"trace maxn {ties}"] = _h(r.trace)
        out[f"describe maxn {ties}"] = _h(describe_maxn_event(e, fig54.to_move(e.state), fig54.player_order)
                                          for e in r.trace)
    return out


def ranges_pinned() -> dict:
    from gamelib.trace import proven_ranges
    out = {}
    fig52 = GameTree.from_nested(FIG_5_2)
    for strict in (True, False):
        r = alphabeta(fig52, prune_on_equality=strict, trace=True)
        out[f"ranges alphabeta {strict}"] = _h(sorted(proven_ranges(r.trace[:k], fig52.to_move).items())
                                               for k in range(len(r.trace) + 1))
    for name, bounds in (("AIMA Fig. 5.12 (.9/.1)", (1, 4)), ("CS221 coin game", (-50, 50))):
        tree = GameTree.from_nested(PRESETS[name])
        r = star1(tree, lower=bounds[0], upper=bounds[1], trace=True)
        out[f"ranges star1 {name}"] = _h(
            sorted(proven_ranges(r.trace[:k], tree.to_move, chance_outcomes=tree.chance_outcomes,
                                 lower=bounds[0], upper=bounds[1]).items()) for k in range(len(r.trace) + 1))
        out[f"ranges star1 {name} exact chance"] = _h(sorted(proven_ranges(r.trace, tree.to_move).items()))
    return out


BY_HAND = [
    dict(leaves=list("EFGHKLM"), pruned={"I", "J"}, decision="a1"),
    dict(leaves=list("EFGHIJKLM")),
    dict(pruned={"I"}),
    dict(windows={"C": ((3, float("inf")), (3, float("inf")))}),
    dict(windows={"B": ((-float("inf"), float("inf")), (-float("inf"), 3)), "D": ((3, 9), (3, 2))}),
    dict(values={"B": 3, "C": 3, "D": 2}),
    dict(values={"C": 2, "I": 4}),
    dict(decision="a2"),
    dict(pruned=set(), prune_on_equality=False),
    dict(windows={"C": ((3, float("inf")), (3, 2))}, prune_on_equality=False),
]


def grading_pinned() -> dict:
    out = {}
    for k, answer in enumerate(BY_HAND):
        for spec_name, spec in (("fig52", FIG_5_2), ("tie", PRESETS["Fig. 5.2 with a tie (C: 3, 5, 1)"])):
            try:
                byhand.alphabeta_by_hand(spec, **answer)
                said = "passed"
            except GradingError as err:
                said = str(err)
            out[f"by hand {k} {spec_name}"] = _h([said])
    return out


def _pinned() -> dict:
    return {**explorer_pinned(), **notebook_pinned(), **ranges_pinned(), **grading_pinned()}


PINS = {
    'by hand 0 fig52': '1 | - | 270 | 2700165975f68815',
    'by hand 0 tie': '1 | - | 270 | 2700165975f68815',
    'by hand 1 fig52': '1 | - | b94 | b940480eb42470d8',
    'by hand 1 tie': '1 | - | b94 | b940480eb42470d8',
    'by hand 2 fig52': '1 | - | 5e9 | 5e9675a5e992a9a1',
    'by hand 2 tie': '1 | - | 5e9 | 5e9675a5e992a9a1',
    'by hand 3 fig52': '1 | - | 641 | 6413da63766d54e7',
    'by hand 3 tie': '1 | - | 641 | 6413da63766d54e7',
    'by hand 4 fig52': '1 | - | 0bc | 0bc52062379b02b3',
    'by hand 4 tie': '1 | - | 0bc | 0bc52062379b02b3',
    'by hand 5 fig52': '1 | - | 4cf | 4cf51581e3d3b9be',
    'by hand 5 tie': '1 | - | 270 | 2700165975f68815',
    'by hand 6 fig52': '1 | - | fca | fca3fd35211239df',
    'by hand 6 tie': '1 | - | ab9 | ab9b411e3e5413e2',
    'by hand 7 fig52': '1 | - | d5e | d5ef0c6e6edf0237',
    'by hand 7 tie': '1 | - | d5e | d5ef0c6e6edf0237',
    'by hand 8 fig52': '1 | - | 746 | 746a9fef4068828b',
    'by hand 8 tie': '1 | - | 270 | 2700165975f68815',
    'by hand 9 fig52': '1 | - | 270 | 2700165975f68815',
    'by hand 9 tie': '1 | - | 945 | 945213e57b8ce04b',
    'describe alphabeta Fig. 5.2': '22 | - | 89c a57 305 f05 3a6 | 255b8b18284ceac1',
    'describe alphabeta Fig. 5.2 players': '22 | - | 89c a57 305 f05 3a6 | 255b8b18284ceac1',
    'describe alphabeta worst4': '228 | - | 89c a57 cd9 59c 070 8c8 a5e 664 | 1e922bc66e978bda',
    'describe maxn first': '30 | - | 6e8 fb5 d3e c46 b80 | 15ee141ed5da2f0d',
    'describe maxn generous': '30 | - | 6e8 fb5 d3e c46 b80 | 15ee141ed5da2f0d',
    'describe maxn paranoid': '30 | - | 6e8 fb5 d3e c46 b80 | 15ee141ed5da2f0d',
    'describe maxn spiteful': '30 | - | 6e8 fb5 d3e c46 b80 | 407f7b5a5b588954',
    'describe minimax Fig. 5.2': '26 | - | 6e8 fb5 2e1 729 779 | b9a884070217ca5e',
    'describe minimax Fig. 5.2 players': '26 | - | 6e8 fb5 2e1 729 779 | b9a884070217ca5e',
    'describe star1 Fig. 5.12': '12 | - | bf4 745 c71 b16 | a76c3d3b4675c0d7',
    'ranges alphabeta False': '23 | - | 375 207 af1 d6c 32b | 3477eabbd272b2c3',
    'ranges alphabeta True': '23 | - | 375 207 af1 d6c 32b | 3477eabbd272b2c3',
    'ranges star1 AIMA Fig. 5.12 (.9/.1)': '13 | - | 375 207 af1 a0a | 8b9d09166b48db19',
    'ranges star1 AIMA Fig. 5.12 (.9/.1) exact chance': '6 | - | 229 a99 366 | 3e75114b2de708af',
    'ranges star1 CS221 coin game': '41 | - | 375 207 af1 91e 56d 163 | ebac08343a0670a3',
    'ranges star1 CS221 coin game exact chance': '20 | - | 11c d7d bea 167 2f2 | ba13bcbf232f78a9',
    'text: AIMA Fig. 5.12 (.9/.1) / expectiminimax': '15 | - | 837 b61 02b 649 | 0be347005ed4c169',
    'text: AIMA Fig. 5.12 (.9/.1) / star1': '13 | - | c49 357 d0a 9f4 | ed0e3bfbfea4ba9c',
    'text: AIMA Fig. 5.2 / alphabeta': '23 | - | 0ed da9 0bb 5d9 a9d | 7c89acd9724d8655',
    'text: AIMA Fig. 5.2 / minimax': '27 | - | 920 d33 538 86e c74 | 16defe7801da2fa2',
    'text: AIMA Fig. 5.2 / strict': '23 | - | 68a 1d0 88b 91a ca9 | 74e886a315137aad',
    'text: AIMA Fig. 5.4 (P1, P2, P3) / maxn': '31 | - | 935 9b8 ada f15 594 | 1de699362b56223f',
    'text: AIMA Fig. 5.4 (P1, P2, P3) / maxn adversarial': '31 | - | 9cf e21 079 214 872 | c3f13641bed8432d',
    'text: AIMA Fig. 5.4 (P1, P2, P3) / maxn generous': '31 | - | d0c 32f a91 822 6ab | 6dcd3aa7c4402e5a',
    'text: AIMA Fig. 5.4 (P1, P2, P3) / maxn spiteful': '31 | - | d0f 27a d5a 8a7 a62 | e9864af9d5df53b2',
    'text: CS221 coin game / expectiminimax': '45 | - | c03 48d 02b 4b4 429 9ca | 5e0cb3b0a4d77680',
    'text: CS221 coin game / star1': '41 | - | eb1 170 686 c4f 39b 0c8 | 95f2879c72498cee',
    'text: Fig. 5.12 / star1 loose': '13 | - | 3c4 a8c 284 717 | e62ebe3331ead0e1',
    'text: Fig. 5.2 with a tie (C: 3, 5, 1) / alphabeta': '23 | - | 0ed da9 0bb 5d9 e1d | 00c1465f3c976185',
    'text: Fig. 5.2 with a tie (C: 3, 5, 1) / minimax': '27 | - | 920 d33 538 86e 64e | d891ee9e61ab1ac6',
    'text: Fig. 5.2 with a tie (C: 3, 5, 1) / strict': '27 | - | 41f 6ca ddc 894 0af | fedbf9013d65ed45',
    'text: random 3x3 0 random': '79 | - | 9aa bec 41e bb1 5a4 e96 89d | 3c6c2399c3a4a398',
    'text: random 3x3 1 best': '41 | - | abf b49 99f 533 9f2 45d | 891b84d75e94be84',
    'text: random 3x3 2 worst': '81 | - | a72 596 b74 f93 6a4 e52 300 | 30d2c0b0a309732c',
    'text: random chance 0 / expectiminimax': '63 | - | 9af 543 6e7 1ab d7d 273 | d5be8a7e4ac55a83',
    'text: random chance 0 / star1': '63 | - | 3b5 592 937 5ea 3bc e88 | 4e4fe8d39977d059',
    'text: random chance 1 / expectiminimax': '63 | - | dd0 431 20a 164 4ba 60a | 805b984d68bdc7f5',
    'text: random chance 1 / star1': '57 | - | f96 365 9c1 ffb 70a 8a8 | 9a6acf207b4509a2',
    'text: walk-through: best moves first / alphabeta': '23 | - | 05c fc1 53a 978 fda | 92d2a87d709e4180',
    'text: walk-through: best moves first / minimax': '31 | - | f8f 024 ab7 fe1 894 | 4405a5705520c416',
    'text: walk-through: best moves first / strict': '23 | - | 390 a80 95e c71 9ba | 4719097257027dac',
    'text: walk-through: best moves last / alphabeta': '31 | - | 037 962 bf9 096 c75 | 5faeb45108d090c6',
    'text: walk-through: best moves last / minimax': '31 | - | 642 b4c 774 61f b1f | 01343cb3c8f2565a',
    'text: walk-through: best moves last / strict': '31 | - | d55 c6e dd6 ba2 120 | 5d43261c79e75864',
    'text: walk-through: minimax steps / alphabeta': '25 | - | 7cc 05e d89 d63 67c | 58de6b1be2295761',
    'text: walk-through: minimax steps / minimax': '31 | - | b80 c90 02b 925 299 | c27d7e5ba5e15463',
    'text: walk-through: minimax steps / strict': '25 | - | 7b7 f46 a44 381 e17 | abe2a7a9dd06f2ad',
    'trace maxn first': '30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | b858dd7ec7d596e2',
    'trace maxn generous': '30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | b858dd7ec7d596e2',
    'trace maxn paranoid': '30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | b858dd7ec7d596e2',
    'trace maxn spiteful': '30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | d3fbdad1daee03c2',
    'trace: AIMA Fig. 5.12 (.9/.1) / expectiminimax': ('14 | enter 7, exit 3, leaf 4 | 560 8ff f75 dd7 | '
                                                       'eaeb2047916ed91c'),
    'trace: AIMA Fig. 5.12 (.9/.1) / star1': ('12 | enter 6, exit 2, leaf 3, prune 1 | 8b7 d75 d1c d3d | '
                                              'dce69d8ef40ccad5'),
    'trace: AIMA Fig. 5.2 / alphabeta': ('22 | enter 11, exit 3, leaf 7, prune 1 | 2ca 027 6aa 0f1 7a1 | '
                                         '996750bd2bda1560'),
    'trace: AIMA Fig. 5.2 / minimax': '26 | enter 13, exit 4, leaf 9 | 560 8ff b97 8a0 768 | 106126046dc1636f',
    'trace: AIMA Fig. 5.2 / strict': ('22 | enter 11, exit 3, leaf 7, prune 1 | 2ca 027 6aa 0f1 7a1 | '
                                      '996750bd2bda1560'),
    'trace: AIMA Fig. 5.4 (P1, P2, P3) / maxn': ('30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | '
                                                 'b858dd7ec7d596e2'),
    'trace: AIMA Fig. 5.4 (P1, P2, P3) / maxn adversarial': ('30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | '
                                                             'b858dd7ec7d596e2'),
    'trace: AIMA Fig. 5.4 (P1, P2, P3) / maxn generous': ('30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | '
                                                          'b858dd7ec7d596e2'),
    'trace: AIMA Fig. 5.4 (P1, P2, P3) / maxn spiteful': ('30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 9d3 061 | '
                                                          'd3fbdad1daee03c2'),
    'trace: CS221 coin game / expectiminimax': ('44 | enter 22, exit 10, leaf 12 | 560 8ff f29 ae2 ba8 9c3 | '
                                                'b49029480c831df7'),
    'trace: CS221 coin game / star1': ('40 | enter 20, exit 8, leaf 10, prune 2 | adf 493 e4d 4e9 b56 7ea | '
                                       'e2fc1f329d10807a'),
    'trace: Fig. 5.12 / star1 loose': '12 | enter 6, exit 2, leaf 3, prune 1 | e93 fe5 1c3 6b2 | cc54e51c5a6351e0',
    'trace: Fig. 5.2 with a tie (C: 3, 5, 1) / alphabeta': ('22 | enter 11, exit 3, leaf 7, prune 1 | 2ca 027 6aa 0f1 '
                                                            'ae6 | c50bdb711fdbb7eb'),
    'trace: Fig. 5.2 with a tie (C: 3, 5, 1) / minimax': ('26 | enter 13, exit 4, leaf 9 | 560 8ff b97 8a0 b39 | '
                                                          'ba0bf0f9c5e14827'),
    'trace: Fig. 5.2 with a tie (C: 3, 5, 1) / strict': ('26 | enter 13, exit 4, leaf 9 | 2ca 027 6aa 0f1 a70 | '
                                                         '6a5081ee8778b1b3'),
    'trace: random 3x3 0 random': ('78 | enter 39, exit 12, leaf 26, prune 1 | 2ca 027 fc1 cec 25e a7f e97 | '
                                   '484a8464f8fc3f8a'),
    'trace: random 3x3 1 best': ('40 | enter 20, exit 5, leaf 11, prune 4 | 2ca 027 fc1 5cd b9b c3f | '
                                 '8565d6d1a3007d86'),
    'trace: random 3x3 2 worst': '80 | enter 40, exit 13, leaf 27 | 2ca 027 fc1 f72 773 876 0c2 | 41148df343ad6687',
    'trace: random chance 0 / expectiminimax': ('62 | enter 31, exit 15, leaf 16 | 560 8ff e9c b18 814 be1 | '
                                                '64a39abed4d49ffd'),
    'trace: random chance 0 / star1': '62 | enter 31, exit 15, leaf 16 | 4e9 54c f82 5e0 28a b04 | 96e4b03d9c0a952c',
    'trace: random chance 1 / expectiminimax': ('62 | enter 31, exit 15, leaf 16 | 560 8ff e9c 3d7 420 a77 | '
                                                '2515547da77cb7d9'),
    'trace: random chance 1 / star1': ('56 | enter 28, exit 13, leaf 14, prune 1 | 503 46e f75 8f2 4bd 3c9 | '
                                       '4e07ab4d605f5d6a'),
    'trace: walk-through: best moves first / alphabeta': ('22 | enter 11, exit 4, leaf 5, prune 2 | 2ca 027 d72 e92 '
                                                          '8ba | 3674a3fd1d4fa548'),
    'trace: walk-through: best moves first / minimax': ('30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 0e4 1cf | '
                                                        '6871c2fee525e19e'),
    'trace: walk-through: best moves first / strict': ('22 | enter 11, exit 4, leaf 5, prune 2 | 2ca 027 d72 e92 8ba '
                                                       '| 3674a3fd1d4fa548'),
    'trace: walk-through: best moves last / alphabeta': ('30 | enter 15, exit 7, leaf 8 | 2ca 027 d72 bfc 893 | '
                                                         '185c4a1f84f2c27d'),
    'trace: walk-through: best moves last / minimax': ('30 | enter 15, exit 7, leaf 8 | 560 8ff e9c e6b 498 | '
                                                       'd4feaee5b6fda961'),
    'trace: walk-through: best moves last / strict': ('30 | enter 15, exit 7, leaf 8 | 2ca 027 d72 bfc 893 | '
                                                      '185c4a1f84f2c27d'),
    'trace: walk-through: minimax steps / alphabeta': ('24 | enter 12, exit 5, leaf 6, prune 1 | 2ca 027 d72 4c7 dc7 '
                                                       '| 84d84da58f537360'),
    'trace: walk-through: minimax steps / minimax': ('30 | enter 15, exit 7, leaf 8 | 560 8ff e9c 4f6 87e | '
                                                     'c1182aff482311eb'),
    'trace: walk-through: minimax steps / strict': ('24 | enter 12, exit 5, leaf 6, prune 1 | 2ca 027 d72 4c7 dc7 | '
                                                    '84d84da58f537360'),
}


@pytest.mark.parametrize("part", [explorer_pinned, notebook_pinned, ranges_pinned, grading_pinned])
def test_pins_hold(part):
    check_pins(part(), PINS)


def test_every_pin_is_recorded():
    names = set(_pinned())
    assert names == set(PINS)
