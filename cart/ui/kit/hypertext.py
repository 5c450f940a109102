"""A small hypertext manual, as RISC OS's StrongHelp keeps one: named pages, links between them.

The pages are a text asset, editable without touching code:
``== name | Title`` begins a page (the first is the contents); a blank line ends a
paragraph; ``- `` a list item (continued two spaces in); ``## `` a heading; ``> `` a
line kept as written; ``@ name rows`` a picture the window draws, ``rows`` lines tall;
``#`` a comment; ``[[name]]`` or ``[[name|words]]`` a link;
``{word}`` a placeholder filled from the caller's bindings, so the text never names
by hand what is decided elsewhere. No Pyxel: the rules are tested alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

BlockKind = Literal["para", "item", "heading", "verbatim", "picture"]

PAGE = re.compile(r"^==\s*([a-z0-9-]+)\s*\|\s*(\S.*?)\s*$")
LINK = re.compile(r"\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]")
PLACEHOLDER = re.compile(r"\{([a-z0-9_:-]+)\}")
PICTURE = re.compile(r"^@ ([a-z0-9-]+) ([1-9][0-9]?)$")
ITEM_INDENT = "  "


class ManualError(ValueError):
    """A manual whose markup cannot be read; the message names the line."""


@dataclass(frozen=True)
class Span:
    """A run of text on a line: plain, or a link to the page ``link``."""

    text: str
    link: str | None = None


@dataclass(frozen=True)
class Line:
    """One laid-out line: its spans left to right, and its kind (headings are drawn apart).

    >>> Line((Span("See "), Span("Moving", "moving"))).text
    'See Moving'
    """

    spans: tuple[Span, ...]
    kind: BlockKind = "para"

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.spans)


@dataclass(frozen=True)
class Block:
    """A paragraph, a list item, a heading or a kept line, in markup (links and placeholders unread)."""

    kind: BlockKind
    text: str


@dataclass(frozen=True)
class Page:
    name: str
    title: str
    blocks: tuple[Block, ...]

    def links(self) -> list[str]:
        """The pages this page links to, in order (repeats kept)."""
        return [m.group(1) for b in self.blocks for m in LINK.finditer(b.text)]

    def placeholders(self) -> set[str]:
        return {m.group(1) for b in self.blocks for m in PLACEHOLDER.finditer(b.text)}


@dataclass(frozen=True)
class Manual:
    """The pages in order; the first is the contents, where the window opens by default.

    >>> m = Manual.parse("== contents | Contents\\nRead [[rules]].\\n\\n== rules | Rules\\nPress {go}.")
    >>> [p.title for p in m.pages.values()], m.contents
    (['Contents', 'Rules'], 'contents')
    >>> [line.text for line in m.lay_out("rules", 20, {"go": "R"})]
    ['Press R.']
    >>> m.problems(20, {})
    ['page rules: no binding for {go}']
    """

    pages: dict[str, Page]

    @classmethod
    def parse(cls, text: str) -> Manual:
        pages: dict[str, Page] = {}
        name = title = ""
        blocks: list[Block] = []
        open_block: list[str] = []
        kind: BlockKind = "para"

        def close_block() -> None:
            nonlocal open_block
            if open_block:
                blocks.append(Block(kind, " ".join(open_block)))
            open_block = []

        def close_page() -> None:
            close_block()
            if name:
                pages[name] = Page(name, title, tuple(blocks))

        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.rstrip()
            if line == "#" or line.startswith("# "):
                continue
            page = PAGE.match(line)
            if page is not None:
                close_page()
                name, title = page.group(1), page.group(2)
                if name in pages:
                    raise ManualError(f"line {number}: a second page named {name!r}")
                blocks = []
                continue
            if line.startswith("=="):
                raise ManualError(f"line {number}: a page begins '== name | Title', got {line!r}")
            if not name and line:
                raise ManualError(f"line {number}: text before the first page: {line!r}")
            if not line:
                close_block()
            elif line.startswith("> ") or line == ">":
                close_block()
                blocks.append(Block("verbatim", line[2:]))
            elif line.startswith("@"):
                close_block()
                if PICTURE.match(line) is None:
                    raise ManualError(f"line {number}: a picture is '@ name rows', got {line!r}")
                blocks.append(Block("picture", line[2:]))
            elif line.startswith("## "):
                close_block()
                blocks.append(Block("heading", line[3:].strip()))
            elif line.startswith("- "):
                close_block()
                kind, open_block = "item", [line[2:].strip()]
            elif open_block and kind == "item" and line.startswith(ITEM_INDENT):
                open_block.append(line.strip())
            else:
                if open_block and kind == "item":
                    close_block()
                if not open_block:
                    kind = "para"
                open_block.append(line.strip())
        close_page()
        if not pages:
            raise ManualError("a manual needs at least one page ('== name | Title')")
        return cls(pages)

    @property
    def contents(self) -> str:
        return next(iter(self.pages))

    def title(self, name: str) -> str:
        return self.pages[name].title

    def reachable(self, start: str | None = None) -> set[str]:
        """The pages a reader can reach by links from ``start`` (default: the contents)."""
        seen: set[str] = set()
        todo = [start or self.contents]
        while todo:
            name = todo.pop()
            if name in seen or name not in self.pages:
                continue
            seen.add(name)
            todo.extend(self.pages[name].links())
        return seen

    def problems(self, width: int, bindings: Mapping[str, str]) -> list[str]:
        """What is wrong with the manual ``width`` characters wide with ``bindings``; [] when nothing."""
        found: list[str] = []
        for page in self.pages.values():
            found += [
                f"page {page.name}: a link to no page [[{t}]]" for t in page.links() if t not in self.pages
            ]
            for word in sorted(page.placeholders()):
                if not bindings.get(word):
                    found.append(f"page {page.name}: no binding for {{{word}}}")
        found += [f"page {n}: no link reaches it" for n in self.pages if n not in self.reachable()]
        if found:
            return found
        for page in self.pages.values():
            for line in self.lay_out(page.name, width, bindings):
                if len(line.text) > width:
                    found.append(f"page {page.name}: wider than {width}: {line.text!r}")
        return found

    def lay_out(self, name: str, width: int, bindings: Mapping[str, str]) -> list[Line]:
        """Page ``name`` as lines of at most ``width`` characters (a longer word or kept line overflows).

        A blank line separates blocks; a list item hangs after its dash. A link
        broken over two lines is a span on each, both leading to its page.
        """
        page = self.pages[name]
        out: list[Line] = []
        previous: BlockKind | None = None
        for block in page.blocks:
            text = fill_in(block.text, bindings)
            # a list's items, a table's lines, and what follows a heading go on without a blank line
            joined = previous == "heading" or (previous == block.kind and block.kind in ("item", "verbatim"))
            if out and not joined:
                out.append(Line(()))
            previous = block.kind
            if block.kind == "picture":  # its name on its first line, then blank lines under it
                picture, rows = block.text.split()
                out += [Line((Span(picture),), "picture")] + [Line((), "picture")] * (int(rows) - 1)
                continue
            if block.kind == "verbatim":
                out.append(Line((Span(text),) if text else (), "verbatim"))
                continue
            lead = "- " if block.kind == "item" else ""
            hang = " " * len(lead)
            for k, spans in enumerate(wrap_spans(self.spans(text), width - len(lead))):
                first = Span(lead if k == 0 else hang)
                out.append(Line(((first,) if lead else ()) + spans, block.kind))
        return out

    def spans(self, text: str) -> list[Span]:
        """``text`` cut into plain and link spans, a link shown as its words or its page's title."""
        out: list[Span] = []
        at = 0
        for m in LINK.finditer(text):
            if m.start() > at:
                out.append(Span(text[at : m.start()]))
            target = m.group(1)
            shown = m.group(2) or (self.pages[target].title if target in self.pages else target)
            out.append(Span(shown, target))
            at = m.end()
        if at < len(text):
            out.append(Span(text[at:]))
        return out


def fill_in(text: str, bindings: Mapping[str, str]) -> str:
    """``text`` with each ``{word}`` replaced by its binding (one without a binding is left as written).

    >>> fill_in("Press {key:roll} to roll", {"key:roll": "R"})
    'Press R to roll'
    """
    return PLACEHOLDER.sub(lambda m: bindings.get(m.group(1)) or m.group(0), text)


def wrap_spans(spans: list[Span], width: int) -> list[tuple[Span, ...]]:
    """Spans wrapped into lines of at most ``width`` characters, broken at spaces only.

    Words keep their span's link; neighbouring words of one link on one line
    make one span (with the spaces between them), so a link reads as one.

    >>> [tuple(s.text for s in line) for line in wrap_spans([Span("a b "), Span("c d", "x")], 4)]
    [('a b',), ('c d',)]
    """
    words: list[tuple[str, str | None, bool]] = []  # word, link, space before it
    space = False
    for span in spans:
        for piece in re.split(r"( +)", span.text):
            if not piece:
                continue
            if piece.startswith(" "):
                space = True
                continue
            words.append((piece, span.link, space and bool(words)))
            space = False
    lines: list[list[Span]] = []
    line: list[Span] = []
    used = 0
    for word, link, spaced in words:
        gap = 1 if spaced and line else 0
        if line and used + gap + len(word) > width:
            lines.append(line)
            line, used, gap = [], 0, 0
        if line and line[-1].link == link:  # one more word of the same span
            line[-1] = Span(line[-1].text + " " * gap + word, link)
        else:
            if gap:  # the space between a link and its neighbour belongs to neither: plain
                line.append(Span(" "))
            line.append(Span(word, link))
        used += gap + len(word)
    if line:
        lines.append(line)
    return [tuple(_merge(line)) for line in lines]


def _merge(line: list[Span]) -> list[Span]:
    """Neighbouring plain spans as one."""
    out: list[Span] = []
    for span in line:
        if out and out[-1].link is None and span.link is None:
            out[-1] = Span(out[-1].text + span.text)
        else:
            out.append(span)
    return out
