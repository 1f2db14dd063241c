"""The MCTS bot: legal, repeatable, blind to hidden tiles, reusing its tree, and stronger.

Budgets are iteration counts, never seconds: no test depends on the machine's speed.
"""

from __future__ import annotations

import math

import pytest

import zoogames
from zoogames import bots
from zoogames.bots.greedy import GreedyBot
from zoogames.bots.mcts import MctsBot, Node, centres, margins, rewards
from zoogames.core.game import State
from zoogames.core.rng import Rng
from zoogames.games.aquarium_designer.state import DesignerState


def play(specs: list[str], seed: int, game: str = "aquaretto") -> tuple[State, list[bots.Bot]]:
    state = zoogames.games.get(game).new_game(players=len(specs), seed=seed)
    players = [bots.make(s, seed=seed * 7 + i, game=game) for i, s in enumerate(specs)]
    while not state.is_terminal:
        assert state.to_move is not None
        state.apply(players[state.to_move].choose(state))  # apply() refuses illegal actions
    return state, players


def midgame(seed: int, steps: int, players: int = 2) -> State:
    state = zoogames.games.get("aquaretto").new_game(players=players, seed=seed)
    greedy = [bots.make("greedy", seed=i, game="aquaretto") for i in range(players)]
    for _ in range(steps):
        assert state.to_move is not None
        state.apply(greedy[state.to_move].choose(state))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def mcts(spec: str, seed: int) -> MctsBot:
    bot = bots.make(spec, seed=seed, game="aquaretto")
    assert isinstance(bot, MctsBot)
    return bot


def test_registry_knows_mcts_with_parameters() -> None:
    assert "mcts" in bots.names()
    bot = bots.make("mcts:iterations=50,c=0.3,widen=2", seed=1, game="aquaretto")
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.seconds, bot.c, bot.widen) == (50, None, 0.3, 2.0)
    default = bots.make("mcts")
    assert isinstance(default, MctsBot) and default.seconds == 1.0  # a time budget by default
    with pytest.raises(ValueError, match="unknown parameter"):
        bots.make("mcts:depth=3")
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        bots.make("mcts:iterations=0")


def test_fixed_iterations_and_seed_repeat_exactly() -> None:
    state = midgame(seed=4, steps=40)
    a = mcts("mcts:iterations=25,rollout=2", seed=9)
    b = mcts("mcts:iterations=25,rollout=2", seed=9)
    for _ in range(4):
        if state.is_terminal:
            break
        x, y = a.choose(state), b.choose(state)
        assert x == y
        state.apply(x)
    assert a.stats == {**b.stats, "seconds": a.stats["seconds"]}


def test_a_whole_game_is_repeatable_and_legal() -> None:
    first, _ = play(["mcts:iterations=2,rollout=1", "random"], seed=2)
    again, _ = play(["mcts:iterations=2,rollout=1", "random"], seed=2)
    assert first.is_terminal
    assert first.history == again.history


def test_the_choice_ignores_the_real_hidden_order() -> None:
    # two positions that differ only in the order of the unseen pile get the same choice
    state = midgame(seed=8, steps=30)
    other = state.determinize(Rng(2))
    assert other.pile != state.pile  # type: ignore[attr-defined]
    a = bots.make("mcts:iterations=20,rollout=2", seed=5, game="aquaretto").choose(state)
    b = bots.make("mcts:iterations=20,rollout=2", seed=5, game="aquaretto").choose(other)
    assert a == b


def test_the_tree_is_kept_along_the_bots_own_chain_of_placements() -> None:
    # find a position where the bot takes a truck: its placements follow from the same tree
    bot = mcts("mcts:iterations=30,rollout=2", seed=3)
    state = midgame(seed=6, steps=20)
    greedy = bots.make("greedy", seed=1, game="aquaretto")
    for _ in range(200):
        if state.is_terminal:
            break
        seat = state.to_move
        action = bot.choose(state) if seat == 0 else greedy.choose(state)
        state.apply(action)
        if bot.stats["reused"] >= 2:
            break
    assert bot.stats["reused"] >= 2


def test_mcts_beats_random() -> None:
    spec = "mcts:iterations=2,rollout=1"
    for seed, specs in ((1, [spec, "random"]), (2, ["random", spec])):
        state, _ = play(specs, seed)
        result = state.result()
        me = specs.index(spec)
        assert result.winners == (me,)
        assert result.totals[me] > result.totals[1 - me]


def test_mcts_searches_more_than_greedy_in_a_clear_case() -> None:
    # every budget gives at least the greedy bot's own choice a look first
    state = midgame(seed=3, steps=25)
    bot = bots.make("mcts:iterations=1", seed=1, game="aquaretto")
    greedy = bots.make("greedy", seed=1, game="aquaretto")
    assert bot.choose(state) == greedy.choose(state)


def test_without_a_greedy_bot_playouts_are_random(monkeypatch: pytest.MonkeyPatch) -> None:
    state = midgame(seed=5, steps=150)
    monkeypatch.setattr(bots, "_GREEDY", {})
    bot = bots.make("mcts:iterations=10", seed=1, game="aquaretto")
    assert isinstance(bot, MctsBot)
    action = bot.choose(state)
    assert bot.greedy is None
    assert action in state.legal_actions()


def choose_legally(state: State, bot: bots.Bot, turns: int) -> int:
    """Let ``bot`` move up to ``turns`` times, each choice checked against the legal
    actions before it is applied; how many choices it made."""
    made = 0
    for _ in range(turns):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = bot.choose(state)
        assert action in legal, f"{action!r} is not among the legal actions {legal}"
        state.apply(action)
        made += 1
    return made


@pytest.mark.parametrize("players", [3, 4])
def test_multi_player_games_stay_legal(players: int) -> None:
    state = midgame(seed=players, steps=60, players=players)
    bot = bots.make("mcts:iterations=10,rollout=2", seed=2, game="aquaretto")
    assert choose_legally(state, bot, 10) == 10


@pytest.mark.parametrize("game", zoogames.games.ids())
def test_every_game_is_searched_legally(game: str) -> None:
    g = zoogames.games.get(game)
    players = max(g.min_players, min(2, g.max_players))
    state = g.new_game(players=players, seed=3)
    bot = bots.make("mcts:iterations=3,rollout=2", seed=1, game=game)
    assert choose_legally(state, bot, 25) == 25


def test_the_search_knows_no_game() -> None:
    """Chance outcomes and playout shortcuts come from the protocol and the greedy bots."""
    import ast
    from pathlib import Path

    source = Path(zoogames.__file__).parent / "bots" / "mcts.py"  # the source, even if compiled
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] + [
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    ]
    assert imported and not [m for m in imported if m.startswith("zoogames.games")]


def test_rewards_are_the_sigmoid_of_the_margin_and_follow_moves_its_centre() -> None:
    """The reward of each seat is the sigmoid of its margin over the best other (solo:
    over the baseline); with ``follow`` its centre moves to within ``2 * scale`` of where
    the seat stood at the root, so a seat far behind still tells ten points gained from
    ten lost, while near level nothing changes."""
    assert margins([30.0, 20.0, 25.0]) == [5.0, -10.0, -5.0]
    plain = rewards([20.0, 30.0], 4.0, 0.0, [])
    assert plain[0] == pytest.approx(1 / (1 + math.exp(2.5)))
    assert plain[1] == pytest.approx(1 / (1 + math.exp(-2.5)))
    assert rewards([13.0], 4.0, 9.0, []) == pytest.approx([1 / (1 + math.exp(-1))])
    # Near level the centres are 0: the same rewards as without following.
    assert centres([21.0, 20.0], 8.0) == [0.0, 0.0]
    # 25 behind at the root: centred at -17 (and the leader at +17).
    at_root = centres([5.0, 30.0], 8.0)
    assert at_root == [-17.0, 17.0]
    worse, better = [0.0, 35.0], [10.0, 25.0]  # the trailing seat loses 10 or gains 10
    flat = rewards(worse, 4.0, 0.0, [])[0], rewards(better, 4.0, 0.0, [])[0]
    followed = rewards(worse, 4.0, 0.0, at_root)[0], rewards(better, 4.0, 0.0, at_root)[0]
    assert flat[1] - flat[0] < 0.03  # the flat tail: sigmoid(-15/4) - sigmoid(-35/4)
    assert followed[1] - followed[0] > 0.6  # sigmoid(2/4) - sigmoid(-18/4)
    bot = mcts("mcts:iterations=5,follow=1", seed=1)
    assert bot.follow and not mcts("mcts:iterations=5", seed=1).follow


def test_following_the_margin_plays_legal_repeatable_games() -> None:
    first, _ = play(["mcts:iterations=3,rollout=1,follow=1", "greedy"], seed=5)
    again, _ = play(["mcts:iterations=3,rollout=1,follow=1", "greedy"], seed=5)
    assert first.is_terminal and first.history == again.history


def test_a_playout_stops_with_the_round_unless_asked_to_play_to_the_end() -> None:
    # ``to_end=1`` plays past the round (docs/bots.md, "Why expert is not a bigger search")
    start = zoogames.games.get("aquarium-designer").new_game(players=2, seed=4)
    assert isinstance(start, DesignerState) and start.round == 1
    for spec, terminal in (("mcts:iterations=1", False), ("mcts:iterations=1,to_end=1", True)):
        bot = bots.make(spec, seed=1, game="aquarium-designer")
        assert isinstance(bot, MctsBot) and bot.to_end is terminal
        bot.choose(start)  # sets the game's greedy bot up
        state = start.clone()
        bot._playout(state)
        assert state.is_terminal is terminal and state.round == (8 if terminal else 2)
    first, _ = play(["mcts:iterations=20,to_end=1", "greedy"], 3, "aquarium-designer")
    again, _ = play(["mcts:iterations=20,to_end=1", "greedy"], 3, "aquarium-designer")
    assert first.history == again.history and first.is_terminal


def test_kinds_widen_through_each_card_and_the_pass_before_a_second_placement() -> None:
    # by value alone the pass ranks last (it adds nothing to the aquarium), and one card's
    # places and turns fill the top of the ranking before the other card appears
    greedy = bots.make("greedy", seed=0, game="aquarium-designer")
    assert isinstance(greedy, GreedyBot)
    checked = 0
    for seed in range(12):
        state = zoogames.games.get("aquarium-designer").new_game(players=2, seed=seed)
        assert isinstance(state, DesignerState)
        legal = state.legal_actions()
        assert len({greedy.kind(a) for a in legal}) == 3  # two cards offered, and the pass
        orders = []
        for spec in ("mcts:iterations=1", "mcts:iterations=1,kinds=1"):
            bot = bots.make(spec, seed=1, game="aquarium-designer")
            assert isinstance(bot, MctsBot)
            bot.choose(state)
            assert bot._root is not None
            bot._rank(bot._root, state, legal, full=True)
            assert sorted(map(str, bot._root.order)) == sorted(map(str, legal))
            orders.append(bot._root.order)
        by_value, by_kind = orders
        assert by_kind[0] == by_value[0]  # the greedy choice stays first
        assert {greedy.kind(a) for a in by_kind[:3]} == {greedy.kind(a) for a in legal}
        assert by_kind[3:] == [a for a in by_value if a not in by_kind[:3]]
        if greedy.kind(by_value[0]) != "pass":
            pass_at = next(i for i, a in enumerate(by_value) if greedy.kind(a) == "pass")
            assert pass_at == len(legal) - 1 and by_kind.index(by_value[pass_at]) < 3
            checked += 1
    assert checked >= 3
    elsewhere = bots.make("greedy", seed=0, game="aquaretto")
    assert isinstance(elsewhere, GreedyBot) and elsewhere.kind(legal[0]) is None  # one kind


def test_a_search_with_kinds_plays_legal_repeatable_games() -> None:
    first, _ = play(["mcts:iterations=30,kinds=1", "greedy"], 6, "aquarium-designer")
    again, _ = play(["mcts:iterations=30,kinds=1", "greedy"], 6, "aquarium-designer")
    assert first.is_terminal and first.history == again.history


def test_tempo_is_worth_its_points_to_the_seat_that_starts_a_fresh_round() -> None:
    state = zoogames.games.get("aquarium-designer").new_game(players=2, seed=4)
    assert isinstance(state, DesignerState)
    plain = bots.make("greedy", seed=0, game="aquarium-designer")
    eager = bots.make("greedy:tempo=1.5", seed=0, game="aquarium-designer")
    assert isinstance(plain, GreedyBot) and isinstance(eager, GreedyBot)
    starter, other = state.first, 1 - state.first
    assert eager.evaluate(state, starter) == plain.evaluate(state, starter) + 1.5
    assert eager.evaluate(state, other) == plain.evaluate(state, other)
    state.apply(state.legal_actions()[-1])  # the round has begun: no seat's to start
    assert eager.evaluate(state, starter) == plain.evaluate(state, starter)
    bot = bots.make("mcts:iterations=5,tempo=1.5", seed=1, game="aquarium-designer")
    assert isinstance(bot, MctsBot)
    bot.choose(state)
    assert isinstance(bot.greedy, GreedyBot) and bot.greedy.tempo == 1.5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="tempo"):
        bots.make("mcts:iterations=5,tempo=1", seed=1, game="aquaretto").choose(
            zoogames.games.get("aquaretto").new_game(players=2, seed=1)
        )


def test_a_playout_plays_on_to_the_end_of_as_many_rounds_as_asked() -> None:
    start = zoogames.games.get("aquarium-designer").new_game(players=2, seed=4)
    assert isinstance(start, DesignerState) and start.round == 1
    for rounds in (1, 2, 3):
        bot = bots.make(f"mcts:iterations=1,rounds={rounds}", seed=1, game="aquarium-designer")
        assert isinstance(bot, MctsBot) and bot.rounds == rounds
        bot.choose(start)
        state = start.clone()
        bot._playout(state)
        assert state.round == 1 + rounds and not state.is_terminal
    zoo = zoogames.games.get("zooloretto").new_game(players=2, seed=4)
    bot = bots.make("mcts:iterations=1,rounds=2,rollout=-1", seed=1, game="zooloretto")
    assert isinstance(bot, MctsBot)
    bot._setup(zoo)  # the game's greedy bot (its first decision is forced: no search)
    after = zoo.clone()
    bot._playout(after)
    assert after.round == zoo.round + 2 and not after.is_terminal  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        bots.make("mcts:rounds=0")
    first, _ = play(["mcts:iterations=20,rounds=2", "greedy"], 3, "aquarium-designer")
    again, _ = play(["mcts:iterations=20,rounds=2", "greedy"], 3, "aquarium-designer")
    assert first.history == again.history and first.is_terminal


def test_a_pool_judges_every_iteration_on_one_of_its_few_hidden_orders() -> None:
    # each hidden order reveals one card at a round's end: a chance edge of the tree has as
    # many children as the orders it was played with (bots/mcts.py, Edge.children)
    state = zoogames.games.get("aquarium-designer").new_game(players=2, seed=4)

    def outcomes(node: Node) -> int:
        most = 0
        for edge in node.edges.values():
            if edge.chance:
                most = max(most, len(edge.children))
            for child in edge.children.values():
                most = max(most, outcomes(child))
        return most

    for pool, most in ((0, 3), (2, 2), (1, 1)):
        bot = bots.make(f"mcts:iterations=300,pool={pool}", seed=1, game="aquarium-designer")
        assert isinstance(bot, MctsBot) and bot.pool == pool
        bot.choose(state)
        assert bot._root is not None
        found = outcomes(bot._root)
        assert found > most if pool == 0 else found == most
    with pytest.raises(ValueError, match="pool must be 0 or more"):
        bots.make("mcts:pool=-1")
    first, _ = play(["mcts:iterations=20,pool=4", "greedy"], 3, "aquarium-designer")
    again, _ = play(["mcts:iterations=20,pool=4", "greedy"], 3, "aquarium-designer")
    assert first.history == again.history and first.is_terminal
