"""What a position hides, for the tests that compare it with its determinized twins.

A test that checks "the view of a twin equals the view of the position" proves nothing if
``determinize()`` hid nothing (a twin that is a plain copy has the same views too). The
tests that use twins therefore also call :func:`assert_determinize_hides`: every unseen
pile with two different items or more is in another order in one of a few twins.
"""

from __future__ import annotations

from zoogames.core.game import State
from zoogames.core.rng import Rng

TWINS = 8
"""Twins tried per position: a pile of two different tiles keeps its order in all of
them with odds of 1 in 256 (the generators are seeded, so a passing case stays passing)."""


def unseen(state: State) -> list[list[int]]:
    """The hidden piles of ``state``, in their real order: the truck games' tile piles
    (``piles``: one, or two in the combined game), Aquarium Designer's deck (``pile``)."""
    piles = getattr(state, "piles", None)
    if piles is not None:
        return [list(p) for p in piles]
    return [list(state.pile)]  # type: ignore[attr-defined]


def assert_determinize_hides(state: State, tries: int = TWINS) -> int:
    """Every unseen pile of two different items or more is reordered by some twin.

    Returns how many such piles ``state`` has (0 near the end of a game).
    """
    real = unseen(state)
    twins = [unseen(state.determinize(Rng(k, "hides"))) for k in range(tries)]
    mixed = [i for i, pile in enumerate(real) if len(set(pile)) > 1]
    for i in mixed:
        assert any(t[i] != real[i] for t in twins), (
            f"determinize() left unseen pile {i} in its real order in {tries} twins: "
            f"it hides nothing there ({type(state).__name__})"
        )
        assert all(sorted(t[i]) == sorted(real[i]) for t in twins), "a twin changed the tiles"
    return len(mixed)
