"""The board map and weather data files: what they hold, their provenance, and the checks on replacements."""

import shutil

import pytest

from tameri_kit import DataError
from tameri_kit.data import check_dir, load_map, load_weather
from tameri_kit.rules import Ramp, Resource, Sphere


def test_map_facts():
    m = load_map()
    assert len(m.fields) == 8
    assert {f.crop for f in m.river(Ramp.SOUTH).fields} == {Resource.BARLEY, Resource.PAPYRUS}  # Example 11
    assert Resource.BARLEY in {f.crop for f in m.river(Ramp.NORTH).fields}  # Example 7
    assert m.silt_numbers == (1, 1, 2, 3)
    for r in m.rivers:
        assert r.source.startswith("rulebook:") or r.source.startswith("illustrative")
    assert m.illustrative  # East and West are inferred


def test_weather_data():
    w = load_weather()
    assert len(w.tiles) == 7 and [s.name for s in w.seasons] == ["Akhet", "Peret", "Shemu"]
    assert all(t.source.startswith("illustrative") for t in w.tiles)
    assert str(w.tile(6)) == "Weather tile 6: 3 Sun"
    assert w.season(1).counter()[Sphere.SILT] >= 0


def test_shipped_data_is_clean():
    assert [str(p) for p in check_dir() if p.file in ("map.toml", "weather.toml")] == []


def _copy(tmp_path, name):
    from tameri_kit.data import DATA_DIR

    shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path / name


def test_broken_map_reports_file_record_field_why(tmp_path):
    f = _copy(tmp_path, "map.toml")
    text = f.read_text()
    text = text.replace('fields = ["barley", "papyrus"]', 'fields = ["barley", "flax"]')  # contradicts Example 11
    text = text.replace("numbers = [1, 1, 2, 3]", "numbers = [1, 2, 3, 4]")
    text = text.replace(
        'ramp = "W"\nfields = ["fruit", "flax"]\nsource = "illustrative"', 'ramp = "W"\nfields = ["fruit", "flax"]'
    )
    f.write_text(text)
    problems = {(p.file, p.record, p.field) for p in check_dir(tmp_path)}
    assert ("map.toml", "river S", "fields") in problems
    assert ("map.toml", "[silt_spaces]", "numbers") in problems
    assert ("map.toml", "river W", "source") in problems
    with pytest.raises(DataError, match="Example 11"):
        load_map(tmp_path)


def test_broken_weather(tmp_path):
    f = _copy(tmp_path, "weather.toml")
    text = f.read_text().replace("spheres = { sun = 3 }", "spheres = { sun = 3, hail = 1 }", 1)
    text = text.replace('name = "Peret"', 'name = "Winter"')
    f.write_text(text)
    problems = [str(p) for p in check_dir(tmp_path)]
    assert "weather.toml: tile 6: spheres.hail: unknown sphere; use sun, water or silt" in problems
    assert any(p.startswith("weather.toml: season 2: name:") for p in problems)


def test_not_toml(tmp_path):
    (tmp_path / "map.toml").write_text("[[river]\nramp = ")
    (p,) = check_dir(tmp_path)
    assert p.file == "map.toml" and "not valid TOML" in p.why
