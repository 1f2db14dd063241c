"""Game reviews: each decision searched, the loss of what was played."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from zoogames import games
from zoogames.bots.teach import review, review_decision
from zoogames.cli import app
from zoogames.core.game import JSON, State
from zoogames.core.record import save
from zoogames.core.rng import Rng

ITERATIONS = 25


def finished(game: str = "aquarium-designer", seed: int = 4) -> dict[str, JSON]:
    """The record of a random 2-player game played to its end (Designer: short)."""
    state: State = games.get(game).new_game(players=2, seed=seed)
    rng = Rng(seed, "random game")
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


def test_losses_are_never_negative_and_the_preferred_move_loses_nothing() -> None:
    done = review(finished(), iterations=ITERATIONS, seed=1)
    assert done.decisions
    for d in done.decisions:
        assert d.loss is None or d.loss >= 0
        if d.played == d.preferred:
            assert d.loss == 0
        assert all(v is None or 0 <= v <= 1 for v in d.values)
    points = done.turning_points(3)
    assert all(p.loss is not None and p.loss > 0 for p in points)
    losses = [p.loss or 0.0 for p in points]
    assert losses == sorted(losses, reverse=True)


def test_a_review_is_repeatable_and_can_be_of_one_seat() -> None:
    record = finished()
    first = review(record, iterations=ITERATIONS, seed=2).to_json()
    assert review(record, iterations=ITERATIONS, seed=2).to_json() == first
    mine = review(record, iterations=ITERATIONS, seed=2, seats={1})
    assert mine.decisions and {d.seat for d in mine.decisions} == {1}
    seen: list[tuple[int, int]] = []
    review(record, iterations=5, seats={0}, progress=lambda n, t: seen.append((n, t)))
    assert seen and seen[-1][0] == seen[-1][1]


def test_a_decision_is_rated_the_same_on_shuffled_twins() -> None:
    state: State = games.get("aquaretto").new_game(players=2, seed=6)
    rng = Rng(6, "walk")
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    played = state.legal_actions()[-1]
    expected = review_decision(state, played, ITERATIONS, seed=9)
    for k in range(3):  # the same table, the unseen tiles in another order
        twin = state.determinize(Rng(k, "twin"))
        assert review_decision(twin, played, ITERATIONS, seed=9) == expected


def test_the_cli_writes_the_review_and_its_plot(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save(finished(), path)
    out = tmp_path / "review"
    result = CliRunner().invoke(app, ["review", str(path), "--out", str(out), "--iterations", "10"])
    assert result.exit_code == 0, result.output
    written = json.loads((out / "review.json").read_text())
    assert written["decisions"] and written["iterations"] == 10
    assert (out / "winchance.png").stat().st_size > 1000
    assert "Turning points" in result.output
    unfinished = tmp_path / "unfinished.json"
    save(games.get("zooloretto").new_game(players=2, seed=1).record(), unfinished)
    refused = CliRunner().invoke(app, ["review", str(unfinished)])
    assert refused.exit_code == 1 and "not over" in refused.output
