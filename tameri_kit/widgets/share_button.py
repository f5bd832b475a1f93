"""The Share button of the game table and the scrubber: the game as one self-contained web page
(:mod:`tameri_kit.share`), written beside the record and offered as a download link.

The link is a ``data:`` address holding the whole page, so it works where the notebook's folder cannot be reached
(Voila, a hosted notebook): the browser saves the page itself.  A record that cannot be shared (it does not replay)
is said in words; nothing is written then.

    share = ShareButton(lambda: table.record, lambda: "game.html")
    share.button.click()            # writes game.html and shows the link in share.html
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as widgets

from ..errors import TameriError
from ..share import page_path_beside, share_page, write_page

__all__ = ["ShareButton", "page_path_beside"]


class ShareButton:
    """A Share button and a line saying where the page went (``html``).

    ``record``: gives the :class:`~tameri_kit.game.GameRecord` to share when the button is pressed; ``page_path``:
    gives the file to write (None: only the download link)."""

    def __init__(self, record: Callable[[], object], page_path: Callable[[], str | None] | None = None):
        self._record, self._page_path = record, page_path
        self.button = widgets.Button(
            description="Share",
            icon="share-alt",
            tooltip="Write this game as one web page anyone can open in a browser (no Python needed)",
            layout=widgets.Layout(width="auto"),
        )
        self.html = widgets.HTML()
        self.button.on_click(lambda _button: self.share())
        self.page = ""

    def share(self) -> str:
        """Make the page, write it (if a path is given) and show its download link; returns the page ('' when the
        record cannot be shared)."""
        self.button.disabled = True
        self.html.value = "<i>Making the page: every step's board for every seat (a whole game takes a while)...</i>"
        try:
            record = self._record()
            page = share_page(record)
        except TameriError as error:
            self.html.value = f'<span style="color:#a00">Could not share this game: {escape(str(error))}</span>'
            return ""
        finally:
            self.button.disabled = False
        self.page = page
        target = self._page_path() if self._page_path else None
        name = Path(target).name if target else "tameri_game.html"
        written = ""
        if target:
            try:
                write_page(target, page)
                written = f"Saved to <code>{escape(str(target))}</code>. "
            except OSError as error:
                written = f'<span style="color:#a00">Could not save to {escape(str(target))}: {escape(error.strerror or str(error))}.</span> '
        link = "data:text/html;charset=utf-8;base64," + base64.b64encode(page.encode("utf-8")).decode("ascii")
        size = len(page.encode("utf-8")) / 1024
        self.html.value = (
            f"{written}<a download={_quoted(name)} href={_quoted(link)}>Download the page ({size:.0f} kB)</a>: "
            "it opens in any browser, by mouse or keyboard, with nothing fetched from the network."
        )
        return page


def _quoted(text: str) -> str:
    return '"' + escape(text, quote=True) + '"'
