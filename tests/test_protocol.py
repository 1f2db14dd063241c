"""The protocol's promises, checked over random games of every registered game.

For each game and player count, Hypothesis plays random games and checks at every
step: legal actions are distinct, apply without error, round-trip through their
notation and read well in the move log; ``check`` refuses exactly the candidates not
in the list; a refused action changes nothing; views are JSON, and hide the draw order
(a determinized copy looks the same to every seat); clones are independent. At the end
the record replays to an identical state.
"""

from __future__ import annotations

import json
import pickle
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import zoogames
from zoogames import IllegalAction
from zoogames.core.game import State
from zoogames.core.rng import Rng
from zoogames.i18n import english

from .candidates import CANDIDATES
from .hidden import assert_determinize_hides

CASES = [
    (gid, n)
    for gid in zoogames.games.ids()
    for n in range(zoogames.games.get(gid).min_players, zoogames.games.get(gid).max_players + 1)
]


# An article that does not fit the word after it: "a orca", "an zooloretto-coin tile".
WRONG_ARTICLE = re.compile(r"\b(a [aeiou]|an [^aeiou\W])")


def check_step(state: State, rng: Rng, thorough: bool) -> None:
    legal = state.legal_actions()
    assert legal, "a game that is not over always has a legal action"
    assert len(set(legal)) == len(legal), "no action is listed twice"
    game = state.game
    for action in legal:
        assert game.parse_action(str(action)) == action
        assert state.check(action) is None
        words = english(state.describe(action))
        assert words and not WRONG_ARTICLE.search(words), f"move log words: {words!r}"
    sample = legal if thorough else rng.sample(legal, min(len(legal), 8))
    for action in sample:
        copy = state.clone()
        copy.apply(action)
    if thorough:
        candidates = CANDIDATES[game.id](state, rng)
        legal_set = set(legal)
        assert legal_set <= set(candidates), "the candidate generator misses legal actions"
        before = state.clone()
        for action in candidates:
            if action in legal_set:
                continue
            reason = state.check(action)
            assert reason, f"{action} is not listed as legal but check() accepts it"
        bad = next((a for a in candidates if a not in legal_set), None)
        if bad is not None:
            with pytest.raises(IllegalAction):
                state.apply(bad)
        assert state == before, "a refused action changed the state"


def check_views(state: State, rng: Rng) -> None:
    hidden = state.determinize(rng)
    assert_determinize_hides(state)  # else equal views below would prove nothing
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        assert view == hidden.view(seat), "a view depends on the hidden order"


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), CASES)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**53 - 1), choices=st.randoms(use_true_random=False))
def test_random_games_keep_the_protocol(
    game_id: str, players: int, seed: int, choices: random.Random
) -> None:
    state = zoogames.games.get(game_id).new_game(players=players, seed=seed)
    rng = Rng(seed, "test")
    step = 0
    while not state.is_terminal:
        check_step(state, rng, thorough=step % 17 == 0)
        if step % 5 == 0:
            check_views(state, rng)
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
        step += 1
    assert state.legal_actions() == []
    result = state.result()
    assert set(result.winners) <= set(range(players))
    record = state.record()
    json.dumps(record)
    assert zoogames.replay(record) == state
    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_clone_is_independent(game_id: str, players: int) -> None:
    state = zoogames.games.get(game_id).new_game(players=players, seed=3)
    rng = Rng(3)
    for _ in range(40):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy == state
    snapshot = pickle.dumps(state)
    while not copy.is_terminal:
        copy.apply(rng.choice(copy.legal_actions()))
    assert pickle.dumps(state) == snapshot


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_determinize_keeps_the_public_state(game_id: str, players: int) -> None:
    state = zoogames.games.get(game_id).new_game(players=players, seed=5)
    rng = Rng(5)
    hiding = 0  # positions on the way where determinize() did reorder hidden tiles
    for _ in range(25):
        if state.is_terminal:  # a solo game may be shorter
            break
        hiding += assert_determinize_hides(state) > 0
        state.apply(rng.choice(state.legal_actions()))
    # every game here has unseen tiles or cards early on: the checks below prove something
    assert hiding > 0
    other = state.determinize(Rng(99))
    # the guess depends on the public state and the generator only, not on the real order
    assert other.determinize(Rng(7)) == state.determinize(Rng(7))
    assert other.legal_actions() == state.legal_actions() or state.to_move is None
    for seat in [None, *range(players)]:
        assert other.view(seat) == state.view(seat)
    assert other.history == state.history


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_new_game_is_deterministic_in_its_seed(game_id: str, players: int) -> None:
    game = zoogames.games.get(game_id)
    a, b = game.new_game(players=players, seed=42), game.new_game(players=players, seed=42)
    assert a == b
    assert a.record()["seed"] == 42


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_an_action_reveals_exactly_when_the_hidden_part_shrinks(game_id: str, players: int) -> None:
    """``reveals`` (what undo stops at) agrees with the views of two determinizations."""
    state = zoogames.games.get(game_id).new_game(players=players, seed=9)
    rng = Rng(9)
    seen_reveal = seen_quiet = False
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        other = state.determinize(Rng(rng.below(1 << 30)))
        reveals = state.reveals(action)
        state.apply(action)
        other.apply(action)
        # what chance revealed (search trees branch on it) tells the two worlds apart
        # exactly when the table sees a difference
        same_key = state.revealed(action) == other.revealed(action)
        assert same_key == (other.view(None) == state.view(None))
        if not reveals:
            # nothing hidden came into view: the two worlds still look the same
            assert other.view(None) == state.view(None)
            seen_quiet = True
        else:
            seen_reveal = True
    assert seen_reveal and seen_quiet
