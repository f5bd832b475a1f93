"""Regenerate the printable teaching pages in docs/teaching/.

    .venv/bin/python tools/teaching_pages.py          # the SVG and every PDF
    .venv/bin/python tools/teaching_pages.py --svg    # only round_at_a_glance.svg (no browser needed)

Writes ``round_at_a_glance.svg`` (what :func:`tameri_kit.render.round_svg.round_svg` draws today; a test checks the
committed file still equals it) and, with headless Chromium (``/usr/bin/chromium`` or ``$CHROMIUM``), one-page PDFs:
``round_at_a_glance.pdf`` and ``worksheet_NN.pdf`` from each ``worksheet_NN.md`` (markdown rendered by mistune,
which the notebook tools already install).  Chromium prints an HTML page that embeds the SVG or the worksheet; no
other PDF tool is needed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tameri_kit.render.round_svg import round_svg  # noqa: E402

TEACHING = ROOT / "docs" / "teaching"
PAGE_CSS = """
@page { size: A4; margin: 12mm; }
body { font-family: 'DejaVu Sans', Verdana, sans-serif; font-size: 11.5pt; line-height: 1.45; color: #222; }
h1 { font-size: 17pt; margin: 0 0 6pt; } h2 { font-size: 13.5pt; margin: 14pt 0 4pt; }
.answer-space { border: 1px solid #999; border-radius: 4px; height: 70pt; margin: 4pt 0 10pt; }
code { font-size: 10.5pt; }
img.page { width: 100%; }
"""


def round_svg_text() -> str:
    """The printable file: the picture at its own size (1000 px wide), with a final newline."""
    return str(round_svg(width=None)) + "\n"


def chromium() -> str:
    return os.environ.get("CHROMIUM", "/usr/bin/chromium")


def print_pdf(html: str, pdf: Path) -> None:
    """Print ``html`` to ``pdf`` with headless Chromium (no header or footer)."""
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-pdf-header-footer",
                f"--print-to-pdf={pdf}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )


def worksheet_html(markdown_text: str) -> str:
    import mistune

    body = mistune.html(markdown_text)
    # "<!-- answer space -->" in a worksheet becomes a box to write in
    body = body.replace("<!-- answer space -->", '<div class="answer-space"></div>')
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><style>{PAGE_CSS}</style></head><body>{body}</body></html>"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg", action="store_true", help="write only round_at_a_glance.svg")
    args = parser.parse_args(argv)
    TEACHING.mkdir(parents=True, exist_ok=True)
    svg = TEACHING / "round_at_a_glance.svg"
    svg.write_text(round_svg_text(), encoding="utf-8")
    print(f"wrote {svg.relative_to(ROOT)}")
    if args.svg:
        return 0
    html = (
        f"<!doctype html><html><head><meta charset='utf-8'><style>@page {{ size: A4; margin: 8mm; }} "
        f"body {{ margin: 0; }} svg {{ width: 100%; height: auto; }}</style></head><body>{round_svg(width='100%')}"
        "</body></html>"
    )
    print_pdf(html, TEACHING / "round_at_a_glance.pdf")
    print("wrote docs/teaching/round_at_a_glance.pdf")
    for sheet in sorted(TEACHING.glob("worksheet_*.md")):
        pdf = sheet.with_suffix(".pdf")
        print_pdf(worksheet_html(sheet.read_text(encoding="utf-8")), pdf)
        print(f"wrote {pdf.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
