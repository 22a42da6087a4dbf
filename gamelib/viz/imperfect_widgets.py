"""Widgets for games of imperfect information (ipywidgets 8, JupyterLab 4), and their static pictures.

* :class:`PhantomTicTacToeBoard`: play phantom tic-tac-toe (the Kriegspiel of the 3x3 board) as X or
  O against a belief-state agent.  You see only your own view and the referee's announcements; after
  each move, the size of your belief state and a sample of the boards you cannot tell apart; the true
  board at the end.  :func:`draw_phantom_belief` is the same thing as a static picture.
* :class:`KuhnPokerTable`: play hands of Kuhn poker against the CFR agent (the equilibrium) or the
  clairvoyant one (averaging over clairvoyance), seats alternating; cards revealed at the end of each
  hand, running winnings, and the agent's probabilities at each information set it was in.
  :func:`gamelib.viz.draw_information_sets` draws the policy it plays.

Both are driven headlessly too (tests, or a kernel without a browser): ``board.click(row, col)``,
``table.act('bet')``, ``table.next_hand()``, each returning the status line.  A click that cannot be
played changes nothing and says why; an update that fails keeps the previous state and shows the
error in the widget.  Without a live kernel a widget shows as text telling you to run the cell.
"""
from __future__ import annotations

import html
import numbers
import random

import ipywidgets as widgets
import matplotlib.pyplot as plt

from ..core import MAX, MIN, ArgumentError
from ..games.kuhn import KuhnPoker
from ..games.phantom_tictactoe import PhantomTicTacToe
from ..imperfect.agents import CHOICES, BeliefAgent, phantom_value
from ..imperfect.belief import BeliefTracker, as_belief, percept
from ..trace import counted
from ..validate import choice, game_state, player as check_player, python_seed, whole
from .drawing import COLUMN_WIDTH, draw_board
from .palette import FOCUS, LAST_MOVE, LAST_MOVE_BORDER, MUTED
from .live import LiveWidget

NBSP = "\u00a0"          # a Button with description "" keeps its old label in the browser: never ""
MARK = {MAX: "X", MIN: "O"}
SEAT = {"X": MAX, "O": MIN}


def _grid_html(squares: str, caption: str = "", highlight=()) -> str:
    """A 3x3 board as a small HTML table (monospace), X red, O blue."""
    cells = []
    for r in range(3):
        row = []
        for c in range(3):
            ch = squares[3 * r + c]
            colour = {"X": "#c0392b", "O": "#1f5fa8"}.get(ch, MUTED)
            # the highlighted square: shaded and framed (never the shade alone)
            bg = f"{LAST_MOVE};outline:2px solid {FOCUS};outline-offset:-2px" if (r, c) in highlight else "white"
            row.append(f"<td style='width:18px;height:18px;text-align:center;border:1px solid #ccc;"
                       f"background:{bg};color:{colour};font-weight:bold;font-family:monospace'>"
                       f"{ch if ch != '.' else '&middot;'}</td>")
        cells.append("<tr>" + "".join(row) + "</tr>")
    cap = f"<caption style='caption-side:bottom;font-size:11px'>{html.escape(caption)}</caption>" if caption else ""
    return (f"<table style='border-collapse:collapse;display:inline-table;margin:0 8px 6px 0'>{cap}"
            + "".join(cells) + "</table>")


class _Safe(LiveWidget):
    """What both widgets share: :class:`~gamelib.viz.live.LiveWidget`'s text form and message line,
    and ``_guarded``: run an update; if it raises, put the widget back whole as it was (its fields,
    its controls, its parts: :meth:`~gamelib.viz.live.LiveWidget._snapshot`, nothing listed by hand)
    and show the error inside the widget.  Python calls (``click``, ``act``) answer with the status line
    instead of raising, so a notebook cell driving the widget reads like a game being played."""

    error_html: widgets.HTML       # the message line, above the controls (LiveWidget.message_html)

    def _init_safe(self):
        self._init_live()
        self.error_html = self.message_html
        self.error = ""

    def _guarded(self, update, *args, saved=None):
        saved = self._snapshot() if saved is None else saved
        try:
            return update(*args)
        except Exception as err:                                   # noqa: BLE001 (shown, not hidden)
            self._restore(saved)
            self.error = f"{type(err).__name__}: {err}"
            self._refresh()
            return self.status

    def _show_error(self):
        self.say(f"{self.error} (nothing was changed)" if self.error else "", error=True)


# ---------------------------------------------------------------------------------------------------
# Phantom tic-tac-toe
# ---------------------------------------------------------------------------------------------------

class PhantomTicTacToeBoard(_Safe, widgets.VBox):
    """Play phantom tic-tac-toe against a belief-state agent (an ipywidgets VBox: display it).

    ``PhantomTicTacToeBoard(human='X', *, agent='clairvoyance', seed=0, sample=6)``

    human   'X' (moves first) or 'O'.
    agent   'clairvoyance' (averages tic-tac-toe's minimax values over its belief state) or 'random';
            see :class:`gamelib.imperfect.BeliefAgent`.
    sample  how many of the boards you cannot tell apart to show.

    Attributes: ``game``, ``state`` (the true state: peeking spoils the game), ``view`` (your view),
    ``tracker`` (your :class:`~gamelib.imperfect.BeliefTracker`), ``announcements`` (the referee's
    announcements to you), ``sizes`` (your belief-state size after each percept: states, boards),
    ``status``, ``error``, ``over``, ``winner``.  Methods: ``click(row, col)``, ``new_game(human=None,
    agent=None)``, ``boards()`` (the distinct boards of your belief state).
    """

    _news = ""      # a new game's first words in the live region, said once

    def __init__(self, human: str = "X", *, agent: str = "clairvoyance", seed=0, sample: int = 6):
        _check_human(human)
        choice("agent", agent, CHOICES)
        python_seed("seed", seed)
        whole("sample", sample, 0, unit="boards")
        self.game = PhantomTicTacToe()
        self.seed, self.sample_size, self.games_played = seed, sample, 0
        self._value = phantom_value()
        self.buttons = [[self._square(r, c) for c in range(3)] for r in range(3)]
        self.grid = widgets.GridBox([b for row in self.buttons for b in row],
                                    layout=widgets.Layout(grid_template_columns="repeat(3, 64px)",
                                                          grid_gap="4px"))
        self.human_toggle = widgets.ToggleButtons(options=[("you are X (first)", "X"),
                                                           ("you are O (second)", "O")],
                                                  value=human, style={"button_width": "auto"})
        self.agent_menu = widgets.Dropdown(options=[("averages over clairvoyance", "clairvoyance"),
                                                    ("random", "random")],
                                           value=agent, description="agent", tooltip="the agent you play against",
                                           style={"description_width": "initial"},
                                           layout=widgets.Layout(width="280px"))
        self.new_button = widgets.Button(description="new game", icon="refresh",
                                         layout=widgets.Layout(width="120px"))
        self._init_safe()
        self.status_html = self.status_line      # the live region
        self.log_html = widgets.HTML()
        self.belief_html = widgets.HTML()
        self.boards_html = widgets.HTML()
        key = widgets.HTML("<small>Your view: your marks, and the opponent's marks you bumped into "
                           "(shown pale). The referee never says where the opponent moved, nor how "
                           "many squares it tried.</small>")
        super().__init__([self.message_html, widgets.HBox([self.human_toggle, self.agent_menu, self.new_button]),
                          widgets.HBox([widgets.VBox([self.grid, key], layout=widgets.Layout(width="240px")),
                                        widgets.VBox([self.status_html, self.log_html],
                                                     layout=widgets.Layout(margin="0 0 0 16px"))]),
                          self.belief_html, self.boards_html])
        self._setting = False            # True while the board sets its own controls: observers wait
        self.human_toggle.observe(lambda ch: self._from_control(human=ch["new"]), "value")
        self.agent_menu.observe(lambda ch: self._from_control(agent=ch["new"]), "value")
        self.new_button.on_click(lambda _: self.new_game())
        self.human, self.agent_kind, self.status, self.error = human, agent, "", ""
        self.games_played, self.state = 0, None
        self._start()

    # -- the game ------------------------------------------------------------------------------------
    @property
    def me(self) -> str:
        return SEAT[self.human]

    @property
    def view(self) -> str:
        return self.game.observation(self.state, self.me)

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def winner(self):
        if not self.over:
            return None
        u = self.game.utility(self.state, MAX)
        return "X" if u > 0 else "O" if u < 0 else None

    def boards(self) -> list:
        """The distinct true boards of your belief state, most likely first."""
        seen, out = set(), []
        for s in self.tracker.belief.most_likely(len(self.tracker.belief)):
            if s.squares not in seen:
                seen.add(s.squares)
                out.append(s.squares)
        return out

    def new_game(self, human: str | None = None, agent: str | None = None) -> str:
        """Start again (as ``human``, against ``agent``, if given).  Returns the status line.  A bad
        ``human`` or ``agent`` raises :class:`~gamelib.core.ArgumentError` and changes nothing."""
        if human is not None:
            _check_human(human)
        if agent is not None:
            choice("agent", agent, CHOICES)
        saved = self._snapshot()
        if human is not None:
            self.human = human
        if agent is not None:
            self.agent_kind = agent
        self._show_settings()
        self.error = ""
        return self._guarded(self._start, saved=saved)

    def _from_control(self, **setting) -> None:
        """The toggle or the menu changed in the browser: a new game with that setting."""
        if not self._setting and not self._quiet:      # not while the board puts its controls back
            self.new_game(**setting)

    def _show_settings(self) -> None:
        """The toggle and the menu as ``human`` and ``agent_kind`` say (without starting a game)."""
        self._setting = True
        try:
            self.human_toggle.value, self.agent_menu.value = self.human, self.agent_kind
        finally:
            self._setting = False

    def _start(self):
        self.games_played += 1
        self.state = self.game.initial_state
        other = MIN if self.me == MAX else MAX
        self.agent = BeliefAgent(self.game, other, self.agent_kind, value=self._value,
                                 seed=f"{self.seed}/{self.games_played}")
        self.tracker = BeliefTracker(self.game, self.me)
        self.announcements, self.sizes, self.error, self.last_try = [], [], "", None
        # Said first in the live region: a new game against another agent otherwise sounds like the
        # last one ("You are X: propose a square.").
        self._news = f"New game, you are {self.human}, agent: {self.agent_menu.label}."
        if other == MAX:
            self._agent_turn()
        self._perceive()
        self.status = self._describe()
        self._refresh()
        return self.status

    def click(self, row: int, col: int) -> str:
        """You propose (row, col); the referee answers; if your move stood, the agent replies.  A
        square you cannot propose (known, off the board, game over) changes nothing.  Returns the
        status line."""
        self.error = ""
        square = (row, col)
        if self.over:
            self.status = "The game is over: press “new game” to play again."
        elif not all(isinstance(x, numbers.Integral) and not isinstance(x, bool) and 0 <= x <= 2 for x in square):
            self.status = f"({row!r}, {col!r}) is not a square: rows and columns are 0, 1, 2."
        elif self.view[3 * row + col] != ".":
            self.status = (f"You already know square ({row}, {col}) holds {self.view[3 * row + col]}: "
                           "propose a square that is empty in your view.")
        else:
            return self._guarded(self._play, (int(row), int(col)))
        self._refresh()
        return self.status

    def _play(self, square):
        before = self.state
        self.state = self.game.result(before, square)
        self.tracker.act(square)
        self.last_try = square
        if self.game.announcement(before, self.state) == "illegal":
            other = "O" if self.human == "X" else "X"
            self.announcements.append(f"You proposed {square}: “illegal” ({other} is there). Propose again.")
        else:
            self.announcements.append(f"You moved to {square}.")
            if not self.over:
                self._agent_turn()
        self._perceive()
        self.status = self._describe()
        self._refresh()
        return self.status

    def _agent_turn(self):
        other = MIN if self.me == MAX else MAX
        while not self.game.is_terminal(self.state) and self.game.to_move(self.state) == other:
            (action,) = self.agent(self.state)
            self.state = self.game.result(self.state, action)
        self.announcements.append(f"{MARK[other]} (the agent) has moved.")

    def _perceive(self):
        belief = self.tracker.observe(percept(self.game, self.state, self.me))
        self.sizes.append((len(belief), len({s.squares for s in belief})))

    def _describe(self) -> str:
        if self.over:
            if self.winner is None:
                return "The board is full: a draw."
            who = "you win!" if self.winner == self.human else "the agent wins."
            return f"{self.winner} completes a line: {who}"
        return f"You are {self.human}: propose a square."

    def _live_objects(self) -> list:
        """The board's plain parts, restored whole if an update fails: your belief tracker, the agent
        and its tracker."""
        return [self.tracker, self.agent, self.agent.tracker] if getattr(self, "tracker", None) else []

    # -- widgets ---------------------------------------------------------------------------------------
    def _square(self, r, c):
        b = widgets.Button(description=NBSP, layout=widgets.Layout(width="64px", height="64px"),
                           tooltip=f"row {r}, column {c}")
        b.on_click(lambda _: self.click(r, c))
        return b

    def _refresh(self):
        view, mine = self.view, self.human
        shown = self.state.squares if self.over else view
        for r in range(3):
            for c in range(3):
                b, mark = self.buttons[r][c], shown[3 * r + c]
                b.description = mark if mark != "." else NBSP
                b.style.font_size, b.style.font_weight = "26px", "bold"
                known = view[3 * r + c] != "."
                pale = mark != "." and mark != mine and (known or self.over)
                b.style.text_color = ({"X": "#c0392b", "O": "#1f5fa8"}.get(mark) if not pale else
                                      "#9db6d6" if mark == "O" else "#e0a29b")
                b.style.button_color = LAST_MOVE if (r, c) == self.last_try else None
                b.layout.border = LAST_MOVE_BORDER if (r, c) == self.last_try else None   # framed, not only shaded
                b.disabled = self.over or known
                b.tooltip = (f"row {r}, column {c}: " +
                             (f"{mark}, yours" if mark == mine and known else
                              f"{mark}, the opponent's: you bumped into it" if known else
                              f"{mark}, the opponent's (revealed at the end)" if mark != "." else "empty, propose it"))
        self.log_html.value = ("<b>The referee, to you:</b><ol style='margin:0'>" +
                               "".join(f"<li>{html.escape(line)}</li>" for line in self.announcements[-8:]) + "</ol>")
        states, boards = self.sizes[-1] if self.sizes else (1, 1)
        history = ", ".join(str(b) for _, b in self.sizes)
        self.belief_html.value = (f"<b>Your belief state:</b> {counted(states, 'state')} "
                                  f"({counted(boards, 'distinct board')} you cannot tell apart). Boards after "
                                  f"each percept so far: {history}.")
        if self.over:
            self.boards_html.value = ("<b>The true board:</b><br>" + _grid_html(self.state.squares, "truth")
                                      + _grid_html(view, "your view"))
        else:
            sample = self.boards()[: self.sample_size]
            which = (f"the {counted(boards, 'board')} you cannot tell apart" if len(sample) == boards
                     else f"{len(sample)} of the {boards} boards you cannot tell apart")
            self.boards_html.value = (f"<b>{which[0].upper() + which[1:]}</b> "
                                      "(most likely first, if the opponent moves at random):<br>" +
                                      "".join(_grid_html(s) for s in sample))
        self._show_error()
        # Last, the live region: what the referee said since your last try, then whose move it is.
        turn = next((i for i in range(len(self.announcements) - 1, -1, -1)
                     if self.announcements[i].startswith("You ")), len(self.announcements))
        said = " ".join([self._news] * bool(self._news) + self.announcements[turn:])
        self._news = ""
        self.announce(html.escape(said) + (" " if said else "") + f"<b>{html.escape(self.status)}</b>")


def draw_phantom_belief(game, state, player, belief, *, k: int = 5, seed=0, axes=None):
    """A static picture of what ``player`` knows in phantom tic-tac-toe: the true board, the player's
    view, and ``k`` of the boards of its ``belief`` (the distinct boards, a seeded sample).  Returns
    the figure."""
    if not isinstance(game, PhantomTicTacToe):
        raise ArgumentError(f"game must be a PhantomTicTacToe (the picture draws its boards), got {game!r}")
    game_state(game, state)
    check_player("player", player, game)
    belief = as_belief(game, belief)
    whole("k", k, 0, unit="boards")
    rng = random.Random(python_seed("seed", seed))
    boards = sorted({s.squares for s in belief})
    shown = boards if len(boards) <= k else rng.sample(boards, k)
    n = 2 + len(shown)
    panel = min(1.6, COLUMN_WIDTH / n)          # inches a board; the row fits the notebook column
    if axes is None:
        fig, axes = plt.subplots(1, n, figsize=(panel * n, 1.25 * panel + 0.3))
    else:
        fig = axes[0].figure
    size = 1.4 * panel / 1.6
    draw_board(state.squares, axes[0], title="true board", size=size)
    draw_board(game.observation(state, player), axes[1], title=f"{MARK[player]}'s view", size=size)
    for ax, sq in zip(axes[2:], shown):
        draw_board(sq, ax, title="possible", size=size)
    fig.suptitle(f"{MARK[player]}'s belief state: {len(belief)} states, {len(boards)} boards", fontsize=10)
    return fig


# ---------------------------------------------------------------------------------------------------
# Kuhn poker
# ---------------------------------------------------------------------------------------------------

class KuhnPokerTable(_Safe, widgets.VBox):
    """Play Kuhn poker against an agent (an ipywidgets VBox: display it).

    ``KuhnPokerTable(agent='cfr', *, seed=0, iterations=2000)``

    agent       'cfr' (the average policy of ``iterations`` CFR iterations: close to the equilibrium)
                or 'clairvoyance' (averaging over clairvoyance: it never bluffs).
    seed        deals and the agent's random choices.

    Seats alternate: you are MAX (first to act) in hands 1, 3, 5, ...  Attributes: ``game``,
    ``state``, ``human`` (your seat this hand), ``policies`` ({'cfr': ..., 'clairvoyance': ...}),
    ``winnings`` (your total), ``hands`` (hands finished), ``agent_moves`` (this hand's
    (information set, probabilities, action) of the agent), ``playing`` (the agent of this hand: a
    change of agent waits for the next), ``status``, ``error``.  Methods:
    ``act('pass' | 'bet')``, ``next_hand()``, ``set_agent(name)``.
    """

    def __init__(self, agent: str = "cfr", *, seed=0, iterations: int = 2000):
        from ..imperfect.cfr import cfr
        from ..imperfect.clairvoyance import clairvoyance_policy
        choice("agent", agent, ("cfr", "clairvoyance"))
        whole("iterations", iterations, 0, unit="CFR iterations")
        self.game = KuhnPoker()
        self.policies = {"cfr": cfr(self.game, iterations), "clairvoyance": clairvoyance_policy(self.game)}
        self.agent_name, self.rng = agent, random.Random(python_seed("seed", seed))
        self.agent_note, self.playing = "", agent
        self.winnings, self.hands, self.error, self.status = 0, 0, "", ""
        self.agent_menu = widgets.Dropdown(options=[("agent: CFR (equilibrium)", "cfr"),
                                                    ("agent: averaging over clairvoyance", "clairvoyance")],
                                           value=agent, tooltip="the agent you play against",
                                           layout=widgets.Layout(width="300px"))
        self.pass_button = widgets.Button(description="pass (check / fold)", layout=widgets.Layout(width="170px"))
        self.bet_button = widgets.Button(description="bet (bet / call)", layout=widgets.Layout(width="170px"))
        self.next_button = widgets.Button(description="next hand", icon="refresh",
                                          layout=widgets.Layout(width="130px"))
        self.table_html, self.result_html, self.score_html = (widgets.HTML() for _ in range(3))
        self._init_safe()
        self.pass_button.on_click(lambda _: self.act("pass"))
        self.bet_button.on_click(lambda _: self.act("bet"))
        self.next_button.on_click(lambda _: self.next_hand())
        self.agent_menu.observe(lambda ch: self._quiet or self.set_agent(ch["new"]), "value")
        super().__init__([self.message_html, widgets.HBox([self.agent_menu, self.next_button]), self.table_html,
                          self.status_line, widgets.HBox([self.pass_button, self.bet_button]), self.result_html,
                          self.score_html])
        self.next_hand()

    @property
    def agent_policy(self):
        """The policy of the agent playing this hand (a change of agent waits for the next hand)."""
        return self.policies[self.playing]

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def agent_seat(self) -> str:
        return MIN if self.human == MAX else MAX

    def set_agent(self, name: str) -> str:
        """Play the next hands against ``name`` ('cfr' or 'clairvoyance'); a hand under way is finished
        by the agent it started with."""
        if not isinstance(name, str) or name not in self.policies:
            self.error = f"no agent {name!r}: choose 'cfr' or 'clairvoyance'"
            self._refresh()
            return self.status
        self.agent_name = name
        if self.agent_menu.value != name:
            self.agent_menu.value = name
        # The hand's own status ("The agent bet. Your move.") stays: the change is said beside it.
        who = "the CFR agent" if name == "cfr" else "the clairvoyant agent"
        self.agent_note = (f"The next hands are against {who}." if self.over or name == self.playing else
                           f"The next hands are against {who}; this one is finished by the agent it "
                           "started with.")
        self._refresh()
        return self.status

    def next_hand(self) -> str:
        """Deal a new hand (seats alternate).  Returns the status line."""
        self.error = ""
        return self._guarded(self._deal)

    def _deal(self):
        self.agent_note, self.playing = "", self.agent_name
        self.human = MAX if self.hands % 2 == 0 else MIN
        outcomes = self.game.chance_outcomes(self.game.initial_state)
        deal = self.rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        self.state = self.game.result(self.game.initial_state, deal)
        self.agent_moves, self.counted = [], False
        self._agent_turn()
        self._after_move()
        return self.status

    def act(self, action: str) -> str:
        """Your action, 'pass' or 'bet'; the agent replies.  Returns the status line."""
        self.error = ""
        if self.over:
            self.status = "This hand is over: press “next hand”."
        elif action not in self.game.actions(self.state):
            self.status = f"{action!r} is not an action: 'pass' or 'bet'."
        else:
            return self._guarded(self._act, action)
        self._refresh()
        return self.status

    def _act(self, action):
        self.state = self.game.result(self.state, action)
        self._agent_turn()
        self._after_move()
        return self.status

    def _agent_turn(self):
        while not self.over and self.game.to_move(self.state) == self.agent_seat:
            key = self.game.information_set(self.state, self.agent_seat)
            dist = self.agent_policy[key]
            action = self.rng.choices(list(dist), list(dist.values()))[0]
            self.agent_moves.append((key, dist, action))
            self.state = self.game.result(self.state, action)

    def _after_move(self):
        if self.over and not self.counted:
            self.counted = True
            self.hands += 1
            self.last_gain = self.game.utility(self.state, self.human)
            self.winnings += self.last_gain
        self.status = self._describe()
        self._refresh()

    @property
    def your_card(self) -> str:
        return self.state.cards[0 if self.human == MAX else 1]

    @property
    def agent_card(self) -> str:
        return self.state.cards[1 if self.human == MAX else 0]

    def _story(self) -> str:
        """The betting so far, in words: 'You bet, the agent folded'."""
        told, facing_bet = [], False
        for i, ch in enumerate(self.state.history):
            actor = MAX if i % 2 == 0 else MIN
            word = {("p", False): "checked", ("b", False): "bet", ("p", True): "folded",
                    ("b", True): "called"}[ch, facing_bet]
            facing_bet = facing_bet or ch == "b"
            told.append(f"{'you' if actor == self.human else 'the agent'} {word}")
        text = ", ".join(told) if told else "nobody has acted yet"
        return text[0].upper() + text[1:]

    def _describe(self) -> str:
        if self.over:
            g = self.last_gain
            return (f"{self._story()}. You {'win' if g > 0 else 'lose'} {abs(g)}: you held {self.your_card}, "
                    f"the agent {self.agent_card}.")
        seat = "first" if self.human == MAX else "second"
        return f"You hold {self.your_card} and act {seat}. {self._story()}. Your move."

    def _refresh(self):
        if getattr(self, "state", None) is None:
            return
        over = self.over
        self.pass_button.disabled = self.bet_button.disabled = over
        pot = 2 + self.state.history.count("b")
        agent_card = self.agent_card if over else "?"
        self.table_html.value = (f"<b>Hand {self.hands + (0 if over else 1)}</b> · you act "
                                 f"{'first' if self.human == MAX else 'second'} · pot {pot}<br>"
                                 f"your card: <b style='font-size:18px'>{self.your_card}</b> · "
                                 f"the agent's card: <b style='font-size:18px'>{agent_card}</b>")
        if over:
            rows = "".join(f"<li>at information set <code>{html.escape(k)}</code>: "
                           + ", ".join(f"{a} {p:.2f}" for a, p in d.items()) + f" → it played <b>{a_}</b></li>"
                           for k, d, a_ in self.agent_moves)
            rows = rows or "<li>nothing: you ended the hand</li>"
            self.result_html.value = ("<b>What the agent did</b> (its probabilities at each information set "
                                      f"it was in):<ul style='margin:0'>{rows}</ul>")
        else:
            self.result_html.value = ""
        mean = self.winnings / self.hands if self.hands else 0.0
        note = ("; with seats alternating, nobody can expect more than 0 against the equilibrium"
                if self.agent_name == "cfr" else "; the clairvoyant agent never bluffs: can you exploit it?")
        self.score_html.value = (f"<b>Your winnings:</b> {self.winnings:+d} over {counted(self.hands, 'hand')} "
                                 f"({mean:+.3f} a hand{note})")
        self._show_error()
        self.announce(f"<b>{html.escape(self.status)}</b>"                       # last: the live region
                      + (f" <i>{html.escape(self.agent_note)}</i>" if self.agent_note else ""))


def _check_human(human) -> None:
    if not isinstance(human, str) or human not in SEAT:
        raise ArgumentError(f"human must be 'X' or 'O', not {human!r}")
