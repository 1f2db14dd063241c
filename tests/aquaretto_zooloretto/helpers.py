"""Building "Aquaretto with Zooloretto" positions for rule tests."""

from __future__ import annotations

from zoogames.core.game import State
from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquaretto_zooloretto import AQUARETTO_ZOOLORETTO, AquarettoZoolorettoState
from zoogames.games.zooloretto import tiles as zt


def new(players: int = 3, seed: int = 1, **options: object) -> AquarettoZoolorettoState:
    """A new game with seat 0 to start and the last species of each game removed."""
    options.setdefault("start_player", 0)
    k = {2: 3, 3: 2, 4: 1, 5: 0}[players]
    options.setdefault("removed", [*at.SPECIES[8 - k :], *zt.SPECIES[8 - k :]])
    return AQUARETTO_ZOOLORETTO.new_game(players=players, seed=seed, **options)


def play(state: State, *actions: str) -> State:
    """Apply each action's notation in turn."""
    for a in actions:
        state.apply(a)
    return state


def legal(state: State) -> set[str]:
    """The notations of the legal actions."""
    return {str(a) for a in state.legal_actions()}


def truck(*tiles: str, game: str = "zooloretto", players: int = 3) -> AquarettoZoolorettoState:
    """A game where seat 0 has just taken truck A holding ``tiles`` of ``game``'s pile.

    The other seats draw coin tiles of the other pile onto the other trucks in between,
    so both games are on trucks and nothing else changes but their money.
    """
    other = "aquaretto" if game == "zooloretto" else "zooloretto"
    coins = [f"{other}-coin"] * ((players - 1) * len(tiles))
    state = new(players, draw_order={game: list(tiles), other: coins})
    for _ in tiles:
        play(state, f"draw {game}", "load A")
        for _ in range(players - 1):
            state.apply(f"draw {other}")
            loads = [a for a in sorted(legal(state)) if a != "load A"]
            state.apply(loads[0])
    play(state, "take A")
    return state
