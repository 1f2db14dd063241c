"""A game in the terminal: the table as text, legal actions numbered, bots in between.

The move log, the labels, the prompts and the scores are in the language given
(``zoogames.i18n``); the board itself is drawn in notation (letters and marks).
"""

from __future__ import annotations

from collections.abc import Callable

from zoogames import bots
from zoogames.core.errors import IllegalAction
from zoogames.core.game import Action, State
from zoogames.core.message import Message, msg
from zoogames.i18n import FALLBACK, points, render, score_label


class TerminalGame:
    """Runs ``state`` to the end; each seat is ``"human"`` or a bot spec."""

    def __init__(
        self,
        state: State,
        seats: list[str],
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        lang: str = FALLBACK,
    ) -> None:
        self.state = state
        self.lang = lang
        self.seats = seats
        self.read = read
        self.write = write
        self.bots = {
            i: bots.make(spec, seed=state.seed + i, game=state.game.id)
            for i, spec in enumerate(seats)
            if spec != "human"
        }

    def label(self, seat: int) -> str:
        """``seat 1 (greedy)`` or ``seat 0 (you)`` (``hráč 0 (vy)``)."""
        who = self.text(msg("cli.you")) if self.seats[seat] == "human" else self.seats[seat]
        return self.text(msg("cli.seat", seat=seat, who=who))

    def text(self, message: Message) -> str:
        """``message`` in the game's language."""
        return render(message, self.lang)

    def said(self, seat: int, action: Action) -> str:
        """The move log line of ``action`` by ``seat`` (call it before applying it)."""
        return f"{self.label(seat)} {render(self.state.describe(action, seat), self.lang)}"

    def run(self) -> None:
        """Play until the game is over, then print the scores."""
        state = self.state
        shown_board = False
        while not state.is_terminal:
            seat = state.to_move
            assert seat is not None
            if seat in self.bots:
                action = self.bots[seat].choose(state)
                self.write(self.said(seat, action))
                state.apply(action)
                shown_board = False
                continue
            if not shown_board:
                self.write("")
                self.write(state.render_text(self.lang))
                shown_board = True
            chosen = self.ask(state)
            if chosen is None:
                shown_board = False
                continue
            self.write(self.said(seat, chosen))
            state.apply(chosen)
            shown_board = False
        self.write("")
        self.write(state.render_text(self.lang))
        self.write("")
        self.write(self.text(msg("cli.game_over")))
        for seat, score in enumerate(state.scores()):
            parts = ", ".join(f"{score_label(k, self.lang)} {v}" for k, v in score.parts.items())
            total = points(score.total, self.lang)
            self.write(f"{self.label(seat)}: {total} ({parts})")
        winners = state.result().winners
        joined = (" " + self.text(msg("cli.and")) + " ").join(self.label(w) for w in winners)
        self.write(self.text(msg("cli.winner", names=joined)))

    def ask(self, state: State) -> Action | None:
        """Prompt until the player names a legal action; ``None`` to redraw the board."""
        legal = state.legal_actions()
        self.write(self.menu(legal))
        while True:
            text = self.read(self.text(msg("cli.prompt"))).strip()
            if text in ("q", "quit", "exit"):
                raise EOFError
            if text in ("b", "board", "?"):
                return None
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.write(self.text(msg("cli.no_action", number=n, last=len(legal))))
                continue
            try:
                action = state.game.parse_action(text)
            except IllegalAction as e:
                self.write(str(e))
                continue
            reason = state.check(action)
            if reason is None:
                return action
            self.write(self.text(msg("cli.not_allowed", reason=reason)))

    @staticmethod
    def menu(legal: list[Action], width: int = 100) -> str:
        """The legal actions, numbered, in columns."""
        items = [f"{i:>3}. {a}" for i, a in enumerate(legal, 1)]
        col = max(len(s) for s in items) + 2
        per_row = max(1, width // col)
        rows = [
            "".join(s.ljust(col) for s in items[i : i + per_row]).rstrip()
            for i in range(0, len(items), per_row)
        ]
        return "\n".join(rows)
