"""The docs stay true: every test the register of readings names exists, and docs/data.md's provenance table is the
one the data gives now."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _register_entries():
    text = (ROOT / "docs" / "ambiguities.md").read_text()
    return re.split(r"\n(?=### )", text)[1:]


def test_register_entries_are_complete():
    """Each entry has an id and title, the question, the chosen reading, the alternatives and why."""
    entries = _register_entries()
    assert len(entries) >= 10
    for entry in entries:
        head = entry.splitlines()[0]
        assert re.match(r"### [A-Z]\d+ — ", head), head
        for part in ("**Question.**", "**Tests.**"):
            assert part in entry, f"{head}: missing {part}"
        assert "**Chosen" in entry, f"{head}: missing the chosen reading"
        assert "**Alternative" in entry, f"{head}: missing the alternatives"
        assert "**Why" in entry or "**What the rulebook fixes" in entry, f"{head}: missing why"


def test_every_test_the_register_names_exists():
    missing = []
    for entry in _register_entries():
        head = entry.splitlines()[0]
        m = re.search(r"\*\*Tests\.\*\*(.*?)(?=\n- \*\*|\Z)", entry, re.S)
        current = None
        for ref in re.findall(r"`([^`]*)`", m.group(1)):
            if ref.startswith("tests/"):
                path, _, name = ref.partition("::")
                current = ROOT / path
                assert current.exists(), f"{head}: {path} does not exist"
            elif ref.startswith("::") and current is not None:
                name = ref[2:]
            else:
                continue
            if name and not re.search(rf"^\s*def {re.escape(name)}\(", current.read_text(), re.M):
                missing.append(f"{head}: {current.name}::{name}")
    assert missing == []


def test_data_md_provenance_table_is_current():
    from tameri_kit.data.components import provenance_markdown

    assert provenance_markdown().strip() in (ROOT / "docs" / "data.md").read_text(), (
        "docs/data.md's provenance table is stale: paste provenance_markdown() into it"
    )
