"""Write ``cart/ai/kazaross_xg2.py`` from GNU Backgammon's copy of the Kazaross-XG2 match equity table.

The cartridge ships the table's numbers as data (a published table's numbers are
facts; the file's own notice permits copying with the notice kept, which the
generated module repeats). The source is the ``gnubg`` package's
``data/met/Kazaross-XG2.xml`` (the test extra installs it)::

    python -m tools.make_met            # rewrite the module
    python -m tools.make_met --check    # exit 1 if the module differs from the XML
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "cart" / "ai" / "kazaross_xg2.py"
LENGTH = 25


def source() -> Path:
    """The XML inside the installed gnubg package."""
    import gnubg  # type: ignore[import-untyped]

    return Path(gnubg.__file__).parent / "data" / "met" / "Kazaross-XG2.xml"


def read(path: Path) -> tuple[list[list[float]], list[float]]:
    """The pre-Crawford rows (row i: i+1 away against column j+1 away) and the post-Crawford row."""
    root = ET.parse(path).getroot()
    pre_table = root.find("pre-crawford-table")
    post_table = root.find("post-crawford-table")
    assert pre_table is not None and post_table is not None
    pre = [[float(me.text or "") for me in row.findall("me")] for row in pre_table.findall("row")]
    post_rows = post_table.findall("row")
    post = [float(me.text or "") for me in post_rows[0].findall("me")]
    if len(pre) != LENGTH or any(len(r) != LENGTH for r in pre) or len(post) != LENGTH:
        raise SystemExit(f"{path}: expected a {LENGTH}-point table")
    return pre, post


def render(pre: list[list[float]], post: list[float]) -> str:
    lines = [
        '"""Kazaross-XG2, the 25-point match equity table GNU Backgammon uses by default (generated).',
        "",
        "Made by ``python -m tools.make_met`` from GNU Backgammon's ``data/met/Kazaross-XG2.xml``,",
        "whose notice reads: Copyright (C) 2011 Neil Kazaross. Table rolled up to 9 point match by",
        "eXtreme Gammon. Then uses R/K MET which was rolled up to 15 and extrapolated to 25 points.",
        "Transcribed for use by GNUbg by Michael Petch. Copying and distribution of this file, with or",
        "without modification, are permitted in any medium without royalty provided the copyright",
        "notice and this notice are preserved. This file is offered as-is, without any warranty.",
        "",
        "``PRE[i][j]``: the chance that a player ``i + 1`` away wins against one ``j + 1`` away, before",
        "the Crawford game (at 1-away: in the Crawford game). ``POST[j]``: after the Crawford game, the",
        "chance of the trailer ``j + 1`` away against the leader at 1-away.",
        '"""',
        "",
        "# fmt: off",
        "PRE: tuple[tuple[float, ...], ...] = (",
    ]
    for row in pre:
        lines.append("    (")
        for k in range(0, LENGTH, 5):
            lines.append("        " + " ".join(f"{x!r}," for x in row[k : k + 5]))
        lines.append("    ),")
    lines.append(")")
    lines.append("")
    lines.append("POST: tuple[float, ...] = (")
    for k in range(0, LENGTH, 5):
        lines.append("    " + " ".join(f"{x!r}," for x in post[k : k + 5]))
    lines.append(")")
    lines.append("# fmt: on")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args()
    text = render(*read(source()))
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print(f"{OUT.name}: {'up to date' if same else 'differs from the XML'}")
        sys.exit(0 if same else 1)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
