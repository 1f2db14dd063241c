"""Fields declared once (``zoogames.core.fields``): every class declares every attribute it
holds, and the derived copy and equality follow the declaration field by field."""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

import pytest

import zoogames
from tests.scripts import load_script
from zoogames.core import fields as fields_module
from zoogames.core.fields import LIST, NESTED, SHARED, copy_of, declared, fields
from zoogames.core.game import State
from zoogames.core.rng import Rng

CASES = [
    (gid, n)
    for gid in zoogames.games.ids()
    for n in range(zoogames.games.get(gid).min_players, zoogames.games.get(gid).max_players + 1)
]

_DESCRIPTORS = (types.GetSetDescriptorType, types.MemberDescriptorType)


def attributes(obj: Any) -> set[str]:
    """The instance attributes ``obj`` holds: its ``__dict__`` or slots, or those a compiled
    (mypyc) class lists."""
    compiled = getattr(type(obj), "__mypyc_attrs__", None)
    if compiled is not None:
        return {a for a in compiled if not a.startswith("__") and hasattr(obj, a)}
    found = set(getattr(obj, "__dict__", {}))
    for klass in type(obj).__mro__:
        for name, value in vars(klass).items():
            if isinstance(value, _DESCRIPTORS) and not name.startswith("__"):
                try:
                    getattr(obj, name)
                except AttributeError:
                    continue
                found.add(name)
    return found


def played(game_id: str, players: int, steps: int = 60) -> State:
    state = zoogames.games.get(game_id).new_game(players=players, seed=12)
    rng = Rng(12, "fields")
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def parts(state: State) -> list[Any]:
    """The state and every object with its own declaration that it holds (zoos, layouts)."""
    out: list[Any] = [state]
    for name, kind in declared(type(state)):
        if isinstance(kind, type):
            out.extend(getattr(state, name))
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_attribute_is_declared(game_id: str, players: int) -> None:
    for obj in parts(played(game_id, players)):
        names = [name for name, _ in declared(type(obj))]
        assert len(names) == len(set(names)), f"{type(obj).__name__} declares a field twice"
        assert attributes(obj) == set(names), type(obj).__name__


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_clone_shares_nothing_it_could_change(game_id: str, players: int) -> None:
    state = played(game_id, players)
    for obj in parts(state):
        copy = obj.clone() if isinstance(obj, State) else obj.copy()
        assert copy == obj
        for name, kind in declared(type(obj)):
            mine, theirs = getattr(obj, name), getattr(copy, name)
            if kind == SHARED:
                assert theirs == mine  # compiled, numbers are not objects: no identity
                if isinstance(mine, list | dict):
                    assert theirs is mine
                continue
            assert theirs is not mine and theirs == mine, name
            if kind != LIST:
                assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_equality_sees_every_field(game_id: str, players: int) -> None:
    state = played(game_id, players)
    for obj in parts(state):
        for name, _ in declared(type(obj)):
            copy = obj.clone() if isinstance(obj, State) else obj.copy()
            value = getattr(copy, name)
            if isinstance(value, bool):
                setattr(copy, name, not value)
            elif isinstance(value, int):
                setattr(copy, name, value + 1)
            elif isinstance(value, list) and value:
                value.append(value[0])
            else:
                continue  # an empty list, a tuple, the game or the deck: covered elsewhere
            assert copy != obj, f"{type(obj).__name__}.{name} is not compared"


def test_a_declaration_is_checked_and_copied_as_declared() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        fields(x=7)

    class Box:
        FIELDS = fields(a=SHARED, b=LIST, c=NESTED)

    src = Box()
    src.a, src.b, src.c = (1, 2), [3], [[4]]  # type: ignore[attr-defined]
    dst = copy_of(src)
    assert (dst.a, dst.b, dst.c) == ((1, 2), [3], [[4]])  # type: ignore[attr-defined]
    assert dst.a is src.a and dst.b is not src.b and dst.c[0] is not src.c[0]  # type: ignore[attr-defined]


GENERATOR = Path(__file__).resolve().parent.parent / "scripts" / "gen_copies.py"


def generator() -> Any:
    """``scripts/gen_copies.py`` as a module."""
    return load_script(GENERATOR, "gen_copies")


def test_the_generated_copies_are_current() -> None:
    gen = generator()
    stale = [str(p) for p in gen.stale()]
    assert not stale, f"not current: {stale} (run `make copies`)"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_declared_class_copies_with_its_generated_function(
    game_id: str, players: int
) -> None:
    """The copies in use are the games' ``copies.py`` (compiled with the engine), not ``exec``'s."""
    for obj in parts(played(game_id, players)):
        made = fields_module._MAKERS[type(obj)]
        assert made.__module__.endswith(".copies"), type(obj).__name__
        assert made.__name__ == generator().function_name(type(obj).__name__)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_a_copy_for_one_seat_copies_its_objects_and_shares_the_others(
    game_id: str, players: int
) -> None:
    state = played(game_id, players)
    seat = state.to_move if state.to_move is not None else 0
    copy = state.clone_for(seat)
    assert copy == state
    per_seat = [name for name, kind in declared(type(state)) if isinstance(kind, type)]
    assert per_seat, "every game holds something per seat"
    for name in per_seat:
        mine, theirs = getattr(state, name), getattr(copy, name)
        assert theirs is not mine
        for i, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            assert (a is b) == (i != seat), (name, i)
    assert copy.history is not state.history
    for name in type(state).SHARED_FOR_SEAT:
        assert getattr(copy, name) is getattr(state, name), name


def _turns_of_several_steps(game_id: str) -> bool:
    """True if the game's state overrides ``turn_in_progress`` (its turns have steps)."""
    game = zoogames.games.get(game_id)
    state = game.new_game(players=game.min_players, seed=0)
    return type(state).turn_in_progress is not State.turn_in_progress


STEPPED = [(gid, n) for gid, n in CASES if _turns_of_several_steps(gid)]
"""The cases of games whose turns have several steps: the only ones where a bot plays a
step on a copy for its seat (Aquarium Designer's turn is one action)."""


def test_the_stepped_games_are_the_truck_games() -> None:
    assert {gid for gid, _ in STEPPED} == {"aquaretto", "zooloretto", "aquaretto-zooloretto"}


@pytest.mark.parametrize(("game_id", "players"), STEPPED)
def test_a_step_of_a_turn_played_on_a_copy_for_its_seat_leaves_the_state_alone(
    game_id: str, players: int
) -> None:
    """What the greedy bot's one-ply steps rely on (``GreedyBot.step_value``)."""
    state = zoogames.games.get(game_id).new_game(players=players, seed=4)
    rng = Rng(4, "fields")
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        seat = state.to_move
        assert seat is not None
        if state.turn_in_progress():
            before = state.clone()
            for action in legal:
                state.clone_for(seat).play(action)
            assert state == before
            steps += 1
        state.apply(rng.choice(legal))
    assert steps > 0, "the game had no turn in progress: the test checked nothing"
