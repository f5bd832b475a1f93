"""The docs stay true: every test the register of readings names exists, docs/data.md's provenance table is the
one the data gives now, and docs/package_map.md names every module of the package, only files that exist, and a
place (file and functions) for every chapter of the rulebook's table of contents, with its owner, callers and
tests in `module.function` form that resolve."""

import importlib
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


# ----------------------------------------------------------------------------------------------------------------
# docs/package_map.md: complete and current
# ----------------------------------------------------------------------------------------------------------------
PACKAGE = ROOT / "tameri_kit"
MAP = (ROOT / "docs" / "package_map.md").read_text(encoding="utf-8")
PATH_TOKEN = re.compile(r"^[\w./-]+(\.(py|toml|md|ipynb)|/)$")

#: The rulebook's table of contents (its chapter and section headings, in order): each has a "Where is ...?" row.
CHAPTERS_NUMBERED = (
    (1, "Components"),
    (2, "Game Setup"),
    (3, "Playing the Game"),
    (4, "Season 0"),
    (5, "Game Rounds"),
    (6, "Phase 1: Weather"),
    (7, "Phase 2: Choosing the Actions"),
    (8, "Glyphs, Actions, and Unrevealed Cards"),
    (9, "Phase 3: The Turn Order"),
    (10, "Phase 4: Individual Turns"),
    (11, "1. Resolve weather effects shown on the card"),
    (12, "2. Use actions and other effects"),
    (13, "3. Select a new card"),
    (14, "4. Restore warehouse"),
    (15, "Possible Actions"),
    (16, "Farmer"),
    (17, "Merchant"),
    (18, "Builder"),
    (19, "Priest"),
    (20, "Harvest"),
    (21, "Sphinx"),
    (22, "Decoration"),
    (23, "Offering to the Pharaoh"),
    (24, "Productive Fields and Harvests"),
    (25, "Weather Effects on the Cards"),
    (26, "Extra Weather Effects"),
    (27, "Phase 5: End of the Round or End of the Season"),
    (28, "End of the Round"),
    (29, "End of the Season"),
    (30, "End of the Game"),
    (31, "Game Effects"),
    (32, "Immediate Effects"),
    (33, "Permanent Effects"),
    (34, "+1 Player Mode Overview"),
    (35, "Human Players"),
    (36, "Ghost Player"),
    (37, "Phase 3: Determination of the Turn Order"),
    (38, "Building Card List"),
    (39, "Civic Buildings"),
    (40, "Monuments"),
    (41, "Commercial Buildings"),
    (42, "Astronomical Buildings"),
    (43, "Residential Buildings"),
    (44, "Agricultural Buildings"),
    (45, "Temples"),
    (46, "A6, B6, C6, D6, E6, F6, G6 - Gardens"),
    (47, "Sphinx Effects"),
    (48, "Priest Cards"),
    (49, "Mini Expansion Set: The Gifts of the Gods"),
    (50, "Game Overview"),
    (51, "Recommended Preparation"),
    (52, "How to Play"),
    (53, "Card List"),
    (54, "Assembly Instruction"),
    (55, "Ghost Actions Summary"),
    (56, "Ghost Temple Effects"),
    (57, "Ghost End of Season"),
    (58, "Ghost End of Game"),
)
CHAPTERS = tuple(title for _number, title in CHAPTERS_NUMBERED)


def map_sections() -> list[tuple[str, list[list[str]]]]:
    """(heading, table rows as lists of cells) for each ``##`` section of the map."""
    out = []
    for block in re.split(r"\n(?=## )", MAP)[1:]:
        heading, _, body = block.partition("\n")
        rows = [
            [cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in body.splitlines()
            if line.startswith("|") and not re.match(r"^\|[-| ]+\|$", line.strip())
        ]
        out.append((heading, rows[1:]))  # the first row is the table's header
    return out


def tokens(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def resolve(token: str, *bases: Path) -> Path | None:
    """The file or folder ``token`` names, read from the given folders, the package or the repository root."""
    for folder in (*bases, PACKAGE, ROOT):
        if (folder / token).exists():
            return (folder / token).resolve()
    return None


def section_base(heading: str) -> Path:
    folders = [t for t in tokens(heading) if t.startswith("tameri_kit/")]
    return ROOT / folders[0] if len(folders) == 1 else PACKAGE


def test_every_file_the_package_map_names_exists():
    """Every file or folder named in a table of the map (``common.py``, ``render/board_svg.py``, ``data/``)
    exists, read from its section's folder, the folder its row is about, the package or the repository root."""
    missing = []
    for heading, rows in map_sections():
        base = section_base(heading)
        for row in rows:
            folders = [ROOT / t for t in tokens(row[0]) if t.endswith("/") and (ROOT / t).is_dir()]
            for token in tokens(" ".join(row)):
                if PATH_TOKEN.match(token) and resolve(token, base, *folders) is None:
                    missing.append(f"{heading}: {token}")
    assert missing == []


def test_every_package_module_is_named_in_the_package_map():
    """Each module of ``tameri_kit`` is named in the first column of a package section's table."""
    named = set()
    for heading, rows in map_sections():
        if "tameri_kit/" not in heading:
            continue
        base = section_base(heading)
        for row in rows:
            named |= {resolve(t, base) for t in tokens(row[0]) if PATH_TOKEN.match(t)}
    modules = {path.resolve() for path in PACKAGE.rglob("*.py")}
    assert sorted(str(p.relative_to(PACKAGE)) for p in modules - named) == []


def where_is_rows() -> list[list[str]]:
    return next(rows for heading, rows in map_sections() if heading.startswith("## Where is"))


def test_the_package_map_has_a_where_is_entry_for_every_rulebook_chapter():
    """Every heading of the rulebook's table of contents is in the first column of the "Where is ...?" table."""
    chapters = " | ".join(row[0] for row in where_is_rows())
    assert [chapter for chapter in CHAPTERS if chapter not in chapters] == []


def test_every_function_the_where_is_table_names_is_defined_there():
    """In the "Where is ...?" table a file is followed by the names to read in it: each is defined in that file
    (``def``, ``class`` or a module-level table)."""
    missing = []
    for row in where_is_rows():
        current = None
        for token in tokens(row[1]):
            if PATH_TOKEN.match(token):
                current = resolve(token, PACKAGE)
                assert current is not None, f"{row[0]}: {token} does not exist"
            elif re.fullmatch(r"[A-Za-z_]\w*", token) and current is not None and current.is_file():
                source = current.read_text(encoding="utf-8")
                pattern = rf"^\s*(def|class) {token}\b|^{token}\s*[:=]"
                if not re.search(pattern, source, re.M):
                    missing.append(f"{row[0]}: {token} in {current.relative_to(PACKAGE)}")
    assert missing == []


# ----------------------------------------------------------------------------------------------------------------
# docs/package_map.md: function references (issue 39)
# ----------------------------------------------------------------------------------------------------------------
#: A function, class or table named as ``module.function`` from ``tameri_kit`` (``rules.weather.run_phase``).
REFERENCE = re.compile(r"^[a-z_]+(\.[A-Za-z_]\w*)+$")
#: A test named as ``file::test`` (``tests/rules/test_weather.py::test_example_2a``).
TEST_REFERENCE = re.compile(r"^(tests/[\w/]+\.py)::(test_\w+)$")
SUBPACKAGES = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()}
#: A row naming a rule whose copies are being folded into one owner: its names are written when that lands.
NOT_YET_OWNED = "TODO(owners)"


def reference_exists(reference: str) -> bool:
    """Whether ``module.name[.attribute]`` read from ``tameri_kit`` is a module, or an attribute chain of one."""
    parts = reference.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = "tameri_kit." + ".".join(parts[:cut])
        try:
            value = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is not None and module_name.startswith(error.name):
                continue  # not a module: the rest are attributes
            raise
        for attribute in parts[cut:]:
            if not hasattr(value, attribute):
                return False
            value = getattr(value, attribute)
        return True
    return False


def test_reference_exists_reads_modules_functions_methods_and_tables():
    assert reference_exists("rules.weather.run_phase") and reference_exists("game.rules_of_play.flow")
    assert reference_exists("game.rules_of_play.game_effects.PERMANENT_EFFECTS")
    assert reference_exists("rules.pyramid.Pyramid.parse")
    assert not reference_exists("rules.weather.no_such_function") and not reference_exists("rules.no_such_module.x")


def changes_rows() -> list[list[str]]:
    return next(rows for heading, rows in map_sections() if heading.startswith("## What changes with a rule"))


def test_every_function_and_test_the_package_map_names_exists():
    """Every ``module.function`` of the map whose module is in the package (``rules.weather.run_phase``, the
    "What changes with a rule" table's owners and callers) exists, and every ``file::test`` is a test of that file;
    a row marked ``TODO(owners)`` is left out until its owner lands."""
    missing = []
    for heading, rows in map_sections():
        for row in rows:
            if NOT_YET_OWNED in " ".join(row):
                continue
            for token in tokens(" ".join(row)):
                test = TEST_REFERENCE.match(token)
                if test:
                    path = ROOT / test.group(1)
                    if not path.is_file() or not re.search(rf"^def {test.group(2)}\(", path.read_text(), re.M):
                        missing.append(f"{row[0]}: {token}")
                elif PATH_TOKEN.match(token) or token.split(".")[0] not in SUBPACKAGES:
                    continue  # a file (checked above), or a name of something else (``frame.stage``)
                elif REFERENCE.match(token) and not reference_exists(token):
                    missing.append(f"{row[0]}: {token}")
    assert missing == []


def test_the_changes_table_has_an_owner_callers_and_tests_for_every_rulebook_heading():
    """Every heading of the rulebook is in the first column of "What changes with a rule", and each row names its
    owner in ``module.function`` form (or ``TODO(owners)``, or says there is nothing to implement) and its tests."""
    rows = changes_rows()
    headings = " | ".join(row[0] for row in rows)
    assert [chapter for chapter in CHAPTERS if chapter not in headings] == []
    for heading, owner, _callers, tests in rows:
        owned = NOT_YET_OWNED in owner or "nothing to implement" in owner
        assert owned or any(REFERENCE.match(token) for token in tokens(owner)), heading
        assert tests == "none" or any(TEST_REFERENCE.match(token) for token in tokens(tests)), heading
