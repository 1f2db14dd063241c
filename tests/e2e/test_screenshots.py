"""Screenshots of each game's table at a fixed position, compared with stored baselines.

The positions are stored records (``positions.py``: a seeded game, seeded bots), every seat
a person's, so nothing moves; motion is reduced and the font is bundled, so a page looks the
same on every run. The baselines are the pictures ``docs/web.md`` shows (``docs/screenshots/``).

A comparison allows a little: pixels whose colour differs by more than ``CHANNEL`` in some
channel (anti-aliasing differs by less) may be at most ``SHARE`` of the picture. A failing
comparison saves the actual picture and a diff (the actual, faded, with the differing pixels
red) in ``test-artifacts/``. ``make screenshots`` writes new baselines (``UPDATE_SCREENSHOTS=1``):
look at them, then commit them.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Browser, ViewportSize

from tests.e2e.conftest import INSTANT, LAPTOP, PHONE
from tests.e2e.positions import store_game, to_move
from tests.e2e.server import ROOT, Server

BASELINES = ROOT / "docs" / "screenshots"
CHANNEL = 40
"""A pixel counts as different if one of its channels differs by more than this (of 255)."""
SHARE = 0.003
"""At most this share of the pixels may differ."""
UPDATE = os.environ.get("UPDATE_SCREENSHOTS") == "1"


@dataclass(frozen=True)
class Shot:
    """A page to photograph: a stored game, seen by seat 0 on a screen of ``viewport``, in
    a browser whose language is ``locale`` (the client's language)."""

    name: str
    game: str
    players_as: tuple[str, ...]
    moves: int
    viewport: ViewportSize
    locale: str = "en-US"


SHOTS = [
    Shot("aquaretto", "aquaretto", ("builder", "greedy", "greedy"), 110, LAPTOP),
    Shot("zooloretto", "zooloretto", ("builder", "greedy", "greedy"), 110, LAPTOP),
    Shot("aquaretto-zooloretto", "aquaretto-zooloretto", ("builder", "greedy"), 120, LAPTOP),
    Shot("aquarium-designer", "aquarium-designer", ("greedy", "greedy"), 14, LAPTOP),
    Shot("phone", "zooloretto", ("builder", "greedy", "greedy"), 110, PHONE),
    # The same tables in Czech: its words are longer, and nothing may overflow.
    Shot("cs-aquaretto", "aquaretto", ("builder", "greedy", "greedy"), 110, LAPTOP, "cs-CZ"),
    Shot("cs-zooloretto", "zooloretto", ("builder", "greedy", "greedy"), 110, LAPTOP, "cs-CZ"),
    Shot(
        "cs-aquaretto-zooloretto",
        "aquaretto-zooloretto",
        ("builder", "greedy"),
        120,
        LAPTOP,
        "cs-CZ",
    ),
    Shot("cs-aquarium-designer", "aquarium-designer", ("greedy", "greedy"), 14, LAPTOP, "cs-CZ"),
    Shot("cs-phone", "zooloretto", ("builder", "greedy", "greedy"), 110, PHONE, "cs-CZ"),
]

SETTLED = """async () => {
  await document.fonts.ready;
  const images = [...document.querySelectorAll('image')];
  const pictures = new Set(images.map((i) => i.getAttribute('href')));
  await Promise.all([...pictures].map((href) => {
    const image = new Image();
    image.src = href;
    return image.decode().catch(() => undefined);
  }));
  // Zooloretto's zoo boards fit their column (--fit), and a loaded page may hold a
  // change of scale back for up to a second (web/src/boards/zoom.tsx): wait until no
  // board's scale has changed for longer than that.
  const fits = () => [...document.querySelectorAll('.zoo-board')]
    .map((b) => b.style.getPropertyValue('--fit')).join();
  let seen = fits();
  let since = performance.now();
  const start = since;
  while (performance.now() - since < 1200 && performance.now() - start < 5000) {
    await new Promise((done) => setTimeout(done, 100));
    const now = fits();
    if (now !== seen) {
      seen = now;
      since = performance.now();
    }
  }
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""
"""Waits until the bundled font and every picture on the page are loaded and drawn, and
the boards' scales have settled."""


def difference(expected: Image.Image, actual: Image.Image) -> tuple[float, Image.Image]:
    """The share of pixels that differ, and a picture of where."""
    if expected.size != actual.size:
        return 1.0, actual
    red, green, blue = ImageChops.difference(expected, actual).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    mask = largest.point(lambda v: 255 if v > CHANNEL else 0)
    changed = mask.histogram()[255]
    diff = Image.blend(actual, Image.new("RGB", actual.size, "white"), 0.7)
    diff.paste(Image.new("RGB", actual.size, (230, 0, 0)), mask=mask)
    return changed / (actual.width * actual.height), diff


@pytest.mark.parametrize("shot", SHOTS, ids=[s.name for s in SHOTS])
def test_the_table_looks_as_the_baseline_shows(
    browser: Browser, server: Server, artifacts: Path, shot: Shot
) -> None:
    stored = store_game(
        server,
        shot.game,
        ["me"] * len(shot.players_as),
        seed=21,
        moves=shot.moves,
        until=to_move(0),
        players_as=list(shot.players_as),
    )
    phone = shot.viewport == PHONE
    context = browser.new_context(
        viewport=shot.viewport,
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
        locale=shot.locale,
    )
    try:
        context.add_init_script(INSTANT)
        page = context.new_page()
        page.goto(stored.link(server))
        page.wait_for_selector("[data-board]")
        page.wait_for_selector('[data-online="yes"]')
        page.evaluate(SETTLED)
        actual = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    finally:
        context.close()

    compare(shot.name, actual, artifacts)


def compare(name: str, actual: Image.Image, artifacts: Path) -> None:
    """``actual`` is the baseline ``name`` within the allowance (or, updating, becomes it)."""
    baseline = BASELINES / f"{name}.png"
    if UPDATE:
        BASELINES.mkdir(exist_ok=True)
        actual.save(baseline, optimize=True)
        return
    assert baseline.is_file(), f"no baseline {baseline}: run `make screenshots` and commit it"
    share, diff = difference(Image.open(baseline).convert("RGB"), actual)
    if share > SHARE:
        actual.save(artifacts / f"{name}-actual.png")
        diff.save(artifacts / f"{name}-diff.png")
    assert share <= SHARE, (
        f"{name}: {share:.2%} of the pixels differ from {baseline.relative_to(ROOT)}"
        f" (at most {SHARE:.2%}); see test-artifacts/{name}-actual.png and -diff.png,"
        " and run `make screenshots` if the change is meant"
    )


HOME_SHOTS = [
    ("home", LAPTOP, "en-US"),
    ("home-phone", PHONE, "en-US"),
    ("cs-home", LAPTOP, "cs-CZ"),
]
"""The home page (a card per game) on a laptop and a phone, and in Czech."""


@pytest.mark.parametrize(("name", "viewport", "locale"), HOME_SHOTS, ids=[h[0] for h in HOME_SHOTS])
def test_the_home_page_looks_as_the_baseline_shows(
    browser: Browser,
    server: Server,
    artifacts: Path,
    name: str,
    viewport: ViewportSize,
    locale: str,
) -> None:
    phone = viewport == PHONE
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, reduced_motion="reduce", locale=locale
    )
    try:
        context.add_init_script(INSTANT)
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("[data-home-game]")
        # each card's length and goal come from its rules summary, loaded on its own
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-home-game]')].every((card) =>"
            " card.querySelector('[data-about]')?.textContent?.trim()"
            " && card.querySelector('[data-length]')?.textContent?.trim())"
        )
        page.evaluate(SETTLED)
        actual = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    finally:
        context.close()
    compare(name, actual, artifacts)
