"""What the adapters need to know of each game: one small module per game, one line here.

A game's module defines a :class:`GameSpec` called ``SPEC``: its action index space, its
observation encoding, and how its randomness looks as chance nodes (OpenSpiel). Adding a
game to every adapter is that module plus one line in :data:`_SPECS` (see ``docs/rl.md``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from zoogames import games
from zoogames.core.game import JSON, Action, Game, State
from zoogames.core.registry import load
from zoogames.rl.spaces import ActionSpace, ObservationEncoder

_SPECS = {
    "aquaretto": "zoogames.rl.games.aquaretto:SPEC",
    "zooloretto": "zoogames.rl.games.zooloretto:SPEC",
    "aquaretto-zooloretto": "zoogames.rl.games.aquaretto_zooloretto:SPEC",
    "aquarium-designer": "zoogames.rl.games.aquarium_designer:SPEC",
}


@dataclass(frozen=True)
class SetupStep:
    """A random choice made before the first decision, as one chance node.

    Outcome ``i`` sets the game option ``option`` to ``values[i]`` (or, with ``append``,
    adds ``values[i]`` to the list in that option); all outcomes are equally likely, as
    when the engine draws them from the seed. ``labels[i]`` names outcome ``i``.
    """

    option: str
    values: tuple[Any, ...]
    labels: tuple[str, ...]
    append: bool = False

    def apply(self, options: dict[str, JSON], outcome: int) -> None:
        """Record outcome ``outcome`` in ``options``."""
        value = self.values[outcome]
        if self.append:
            options[self.option] = [*options.get(self.option, []), value]
        else:
            options[self.option] = value


class GameSpec(ABC):
    """A game as the adapters see it (see the module docstring)."""

    game_id: str
    gym_name: str
    """The Gymnasium id is ``zoogames/<gym_name>-v0``."""

    @property
    def game(self) -> Game:
        """The engine's game object."""
        return games.get(self.game_id)

    @abstractmethod
    def action_space(self, players: int) -> ActionSpace:
        """Build the action index space (``spaces.action_space`` caches it)."""

    @abstractmethod
    def observation_encoder(self, players: int) -> ObservationEncoder:
        """Build the observation encoding (``spaces.observation_encoder`` caches it)."""

    # ----- chance, for OpenSpiel --------------------------------------------------------

    def setup_step(self, players: int, options: dict[str, JSON]) -> SetupStep | None:
        """The next random set-up choice, given the options chosen so far; ``None``: done."""
        return None

    def chance(
        self, state: State, action: Action, chosen: tuple[int, ...]
    ) -> list[tuple[int, float]] | None:
        """The next random part of ``action``'s result: outcomes and probabilities.

        ``chosen`` are the outcomes already picked for this action (a deal of several
        cards is one chance node per card); ``None`` once nothing random is left (at
        once for an action without chance). The distribution must follow from what the
        players could know (for a draw: the unseen tiles), never from the hidden order.
        """
        return None

    def has_chance(self, state: State, action: Action) -> bool:
        """True if ``action`` has a random result (what :meth:`chance` says, maybe cheaper)."""
        return self.chance(state, action, ()) is not None

    def apply_chance(self, state: State, action: Action, chosen: tuple[int, ...]) -> None:
        """Apply ``action`` to ``state`` so that its random result is ``chosen``."""
        raise NotImplementedError

    def chance_label(self, outcome: int) -> str:
        """An outcome of :meth:`chance` in words, e.g. ``draws dolphin/m``."""
        return f"outcome {outcome}"

    @abstractmethod
    def max_chance_outcomes(self, players: int) -> int:
        """How many ids chance outcomes may use (set-up steps included)."""

    def forced_options(self, options: dict[str, JSON], outcomes: list[int]) -> dict[str, JSON]:
        """Options that make a replay draw ``outcomes`` (those of :meth:`chance`, in order).

        ``options`` are those the set-up steps chose.
        """
        return {}

    @abstractmethod
    def max_game_length(self, players: int) -> int:
        """An upper bound on the number of decisions in a game."""

    @abstractmethod
    def score_bounds(self, players: int) -> tuple[float, float]:
        """Bounds on a seat's final points."""


_LOADED: dict[str, GameSpec] = {}


def ids() -> list[str]:
    """The games the adapters cover (every registered game should be here)."""
    return list(_SPECS)


def spec(game_id: str) -> GameSpec:
    """The adapters' view of ``game_id``; ``KeyError`` names the covered games."""
    found = _LOADED.get(game_id)
    if found is None:
        try:
            target = _SPECS[game_id]
        except KeyError:
            raise KeyError(
                f"no RL adapter for game {game_id!r}; games with one: {', '.join(_SPECS)}"
            ) from None
        found = _LOADED[game_id] = load(target)
    return found
