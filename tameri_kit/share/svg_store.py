"""Many SVG pictures stored small: every picture is split into its elements, and each distinct element is kept once.

A shared page shows the board after each of hundreds of steps, as each seat sees it; one board picture is about
60 kB and a whole game's pictures would be over 100 MB, yet two steps in a row differ in a few places only (a
score, a sphere, a card).  :class:`SvgStore` keeps a picture as a tree of nodes - a tag or a text is a *leaf*
(its string), an element is a *composite* (the ids of its opening tag, its children and its closing tag) - and
keeps each distinct node once (hash-consing): a picture that changed in one place adds only the nodes on the way
from that place up to the root.  The page's script rebuilds a picture by joining its nodes (``page.js``:
``pictureText``); :func:`SvgStore.text` is the same in Python, for the tests.

No XML library is used because none keeps the text byte for byte and shares equal subtrees; the kit's pictures
are written by the kit (every ``<`` and ``>`` in a text or an attribute is escaped), so a tag is ``<...>``.
Pure: imports nothing from the kit.
"""

from __future__ import annotations

import re

#: a tag (``<g class="x">``, ``</g>``, ``<rect .../>``) or the text between two tags
TOKEN = re.compile(r"<[^>]*>|[^<]+")
#: a sentence (up to and with its ``.`` or ``;`` and the spaces after it) of a long text
SENTENCE = re.compile(r"[^.;]*[.;]\s*|[^.;]+")
#: texts longer than this are kept sentence by sentence: a picture's ``<desc>`` (the board in words, a paragraph)
#: changes in one sentence from one step to the next, and the other sentences are then kept once
LONG_TEXT = 120


class SvgStore:
    """Distinct nodes of many SVG pictures; :meth:`add` gives a picture's id, :meth:`text` its text back.

    ``nodes[i]`` is a string (a leaf) or a list of node ids (a composite: joined in order)."""

    def __init__(self) -> None:
        self.nodes: list[str | list[int]] = []
        self._ids: dict[str | tuple[int, ...], int] = {}
        self._pictures: dict[str, int] = {}

    def _intern(self, key: str | tuple[int, ...], value: str | list[int]) -> int:
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self.nodes)
            self.nodes.append(value)
        return found

    def add(self, svg: str) -> int:
        """The id of ``svg`` (a whole picture, or any markup) in the store, adding the nodes it needs."""
        known = self._pictures.get(svg)
        if known is not None:
            return known
        intern = self._intern
        stack: list[list[int]] = [[]]
        for token in TOKEN.findall(svg):
            if token.startswith("</"):
                if len(stack) == 1:  # a closing tag without its opening: keep the text as it is
                    return self._pictures.setdefault(svg, intern(svg, svg))
                children = stack.pop()
                children.append(intern(token, token))
                stack[-1].append(intern(tuple(children), children))
            elif token[0] == "<" and not token.endswith("/>") and token[1:2] not in ("!", "?"):
                stack.append([intern(token, token)])
            elif token[0] != "<" and len(token) > LONG_TEXT:
                sentences = [intern(sentence, sentence) for sentence in SENTENCE.findall(token)]
                stack[-1].append(intern(tuple(sentences), sentences))
            else:
                stack[-1].append(intern(token, token))
        if len(stack) != 1:  # an element left open: keep the text as it is
            node = intern(svg, svg)
        elif len(stack[0]) == 1:
            node = stack[0][0]
        else:
            node = intern(tuple(stack[0]), stack[0])
        self._pictures[svg] = node
        return node

    def text(self, node: int) -> str:
        """The text of node ``node`` (a picture given by :meth:`add`)."""
        value = self.nodes[node]
        return value if isinstance(value, str) else "".join(self.text(child) for child in value)

    def size(self) -> int:
        """How many characters the nodes take as the page's JSON (roughly)."""
        return sum(len(v) + 3 if isinstance(v, str) else 2 + sum(len(str(c)) + 1 for c in v) for v in self.nodes)
