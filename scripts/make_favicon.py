"""Draw the site's icon: an Aquaretto tile, sea blue, with a fish on it (the project's own).

Writes ``web/public/favicon.svg`` (the page's ``<link rel="icon">``) and
``web/public/favicon.ico`` (what browsers ask for at ``/favicon.ico``: 16, 32 and 48 px)
from one drawing, so that both show the same piece. Run it after changing the drawing:
``.venv/bin/python scripts/make_favicon.py``. Pillow draws the ICO (already a development
dependency, for the screenshot comparison; shapes this simple need no SVG rasteriser).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

PUBLIC = Path(__file__).resolve().parents[1] / "web" / "public"

SEA = "#2a8fbd"
EDGE = "#0e3d57"
FISH = "#ffffff"

# The fish on a 32 × 32 tile: its body (a lens from the mouth to the tail's root), its tail.
BODY = [
    (6, 16),
    (9, 12),
    (14, 10.5),
    (19, 11.5),
    (22, 14),
    (22, 18),
    (19, 20.5),
    (14, 21.5),
    (9, 20),
]
TAIL = [(21, 16), (27, 11), (27, 21)]
EYE = (11.5, 15, 1.4)

SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect x="1.5" y="1.5" width="29" height="29" rx="5"
    fill="{SEA}" stroke="{EDGE}" stroke-width="3"/>
  <polygon points="{" ".join(f"{x},{y}" for x, y in BODY)}" fill="{FISH}"/>
  <polygon points="{" ".join(f"{x},{y}" for x, y in TAIL)}" fill="{FISH}"/>
  <circle cx="{EYE[0]}" cy="{EYE[1]}" r="{EYE[2]}" fill="{EDGE}"/>
</svg>
"""


def raster(size: int) -> Image.Image:
    """The tile at ``size`` pixels, drawn four times larger and scaled down (smooth edges)."""
    big = size * 4
    k = big / 32
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (1.5 * k, 1.5 * k, 30.5 * k, 30.5 * k),
        radius=5 * k,
        fill=SEA,
        outline=EDGE,
        width=round(3 * k),
    )
    draw.polygon([(x * k, y * k) for x, y in BODY], fill=FISH)
    draw.polygon([(x * k, y * k) for x, y in TAIL], fill=FISH)
    x, y, r = EYE
    draw.ellipse(((x - r) * k, (y - r) * k, (x + r) * k, (y + r) * k), fill=EDGE)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    """Write both files."""
    (PUBLIC / "favicon.svg").write_text(SVG)
    raster(48).save(PUBLIC / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])


if __name__ == "__main__":
    main()
