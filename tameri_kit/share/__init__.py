"""Share a recorded game as one self-contained web page (``python -m tameri_kit share RECORD -o game.html``).

    from tameri_kit.share import share_page
    html = share_page(record)          # a GameRecord; the page needs only a browser, nothing from the network

:mod:`~tameri_kit.share.steps` turns the record into the page's data (each step's board as each seat sees it, its
log with the rules, the chapters, the final scores), :mod:`~tameri_kit.share.svg_store` keeps the pictures small,
:mod:`~tameri_kit.share.chart` draws the final scores, :mod:`~tameri_kit.share.page` writes the HTML (with
``page.css`` and ``page.js``) and embeds the record, which :func:`tameri_kit.game.play.record.embedded_record` reads back.
:mod:`~tameri_kit.share.header` says what the game is and how it ended, :mod:`~tameri_kit.share.inputs` refuses a
record whose text cannot be written, :mod:`~tameri_kit.share.notes` places a teacher's notes and questions, and
:mod:`~tameri_kit.share.check` tells a genuine page from a changed one (``share --check``).
:mod:`~tameri_kit.share.cli` is the command.
"""

from __future__ import annotations

from .page import page_path_beside, share_page, write_page

__all__ = ["page_path_beside", "share_page", "write_page"]
