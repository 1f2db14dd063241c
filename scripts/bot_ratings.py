"""Write the bots' fixed ratings from their measured results.

``src/zoogames/server/bot-ratings.json`` from ``zoogames.server.ratings.MEASURED``: run
it after they change. ``--check`` writes nothing and fails if the file is not current.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zoogames.server.ratings import BOT_RATINGS_FILE, measured_ratings, ratings_json

OUT = Path(__file__).resolve().parent.parent / "src" / "zoogames" / "server" / BOT_RATINGS_FILE


def main() -> None:
    """Write the file, or with ``--check`` say whether it is current."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="fail if the file is not current")
    text = ratings_json(measured_ratings())
    if parser.parse_args().check:
        if OUT.read_text("utf-8") != text:
            sys.exit(f"{OUT} is not current: run scripts/bot_ratings.py")
        return
    OUT.write_text(text, "utf-8")


if __name__ == "__main__":
    main()
