"""The classroom's pieces that need no hub: settings, the sign-in's decisions and messages, the lesson copy, and the
configurations past one machine (binder/, classroom/z2jh/config.yaml) agreeing with pyproject.toml and with
make classroom's limits and culling.  (The hub itself, end to end: tests/class_hub/.)"""

from __future__ import annotations

import asyncio
import json
import re
import tomllib
from pathlib import Path

import pytest
import yaml


from classroom import auth, learner_start, limits
from classroom.__main__ import settings_from_environment
from classroom.settings import SettingError, check_host, check_view

ROOT = Path(__file__).resolve().parents[1]


def test_a_host_beyond_loopback_needs_allow_remote():
    check_host("127.0.0.1", "")
    check_host("0.0.0.0", "1")
    with pytest.raises(SettingError, match="HOST=0.0.0.0 would let every machine .* ALLOW_REMOTE=1"):
        check_host("0.0.0.0", "")


def test_the_teacher_chooses_lab_or_voila():
    assert check_view("lab") == "lab"
    assert check_view("voila") == "voila"
    with pytest.raises(SettingError, match="VIEW=notebook is not a view: use VIEW=lab .* or VIEW=voila"):
        check_view("notebook")


def test_settings_refuse_a_remote_host_before_touching_anything(tmp_path):
    with pytest.raises(SettingError, match="ALLOW_REMOTE=1"):
        settings_from_environment({"HOST": "192.168.1.5", "CLASS_DIR": str(tmp_path / "class")})
    assert not (tmp_path / "class").exists()


def _authenticator(tmp_path) -> auth.ClassCodeAuthenticator:
    return auth.ClassCodeAuthenticator(
        class_code="K7RM2Q", teacher_code="t-code-123", names_file=str(tmp_path / "names.json")
    )


def _sign_in(authenticator, **form):
    return asyncio.run(authenticator.authenticate(None, form))


def test_a_learner_signs_in_with_the_class_code_a_name_and_a_secret_word(tmp_path):
    authenticator = _authenticator(tmp_path)
    assert _sign_in(authenticator, username="  Amina ", password="k7rm2q", word="lotus") == {
        "name": "amina",
        "admin": False,
    }
    assert _sign_in(authenticator, username="amina", password="K7RM2Q", word="lotus")["name"] == "amina"
    stored = json.loads((tmp_path / "names.json").read_text())
    assert set(stored) == {"amina"} and "lotus" not in json.dumps(stored)  # a salted hash, never the word
    assert (tmp_path / "names.json").stat().st_mode & 0o077 == 0


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"username": "amina", "password": "K7RM2X", "word": "lotus"}, "That class code is not this class's code."),
        ({"username": "amina", "password": "", "word": "lotus"}, "That class code is not this class's code."),
        ({"username": "9lives", "password": "K7RM2Q", "word": "lotus"}, "Pick a name of up to 20 letters"),
        ({"username": "root; ls", "password": "K7RM2Q", "word": "lotus"}, "Pick a name of up to 20 letters"),
        ({"username": "amina", "password": "K7RM2Q", "word": "abc"}, "Choose a secret word of at least 4"),
        ({"username": "teacher", "password": "K7RM2Q", "word": ""}, "That is not the teacher's code."),
    ],
)
def test_a_refused_sign_in_says_why(tmp_path, form, message):
    with pytest.raises(auth.Refused) as refused:
        _sign_in(_authenticator(tmp_path), **form)
    assert refused.value.jupyterhub_message.startswith(message)
    assert refused.value.status_code == 403


def test_a_taken_name_needs_its_secret_word_and_the_teacher_is_admin(tmp_path):
    authenticator = _authenticator(tmp_path)
    _sign_in(authenticator, username="bes", password="K7RM2Q", word="first-word")
    with pytest.raises(auth.Refused) as refused:
        _sign_in(authenticator, username="bes", password="K7RM2Q", word="another")
    assert "The name bes is already taken in this class" in refused.value.jupyterhub_message
    assert _sign_in(authenticator, username="Teacher", password="t-code-123") == {"name": "teacher", "admin": True}


def test_class_codes_avoid_letters_read_wrongly():
    codes = {auth.new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(re.fullmatch(r"[A-HJKMNP-Z2-9]{6}", code) for code in codes)


def test_the_lesson_copy_keeps_a_learners_saved_lessons(tmp_path):
    template, copy = tmp_path / "template", tmp_path / "home" / "lessons"
    (template / "notebooks" / "sweeps").mkdir(parents=True)
    (template / "docs").mkdir()
    (template / "notebooks" / "00.ipynb").write_text("committed 00")
    (template / "notebooks" / "01.ipynb").write_text("committed 01")
    (template / "notebooks" / "sweeps" / "a.json").write_text("{}")
    (template / "docs" / "glossary.md").write_text("new glossary")
    (copy / "notebooks").mkdir(parents=True)
    (copy / "notebooks" / "00.ipynb").write_text("the learner's own 00")
    (copy / "docs").mkdir()
    (copy / "docs" / "glossary.md").write_text("old glossary")
    copied = learner_start.copy_lessons(template, copy)
    assert copied == [copy / "notebooks" / "01.ipynb"]
    assert (copy / "notebooks" / "00.ipynb").read_text() == "the learner's own 00"
    assert (copy / "notebooks" / "sweeps" / "a.json").exists()
    assert (copy / "docs" / "glossary.md").read_text() == "new glossary"


def test_memory_sizes_read_as_the_spawner_writes_them():
    assert limits.parse_bytes("1G") == 2**30
    assert limits.parse_bytes("512M") == 512 * 2**20
    assert limits.parse_bytes("1.5GiB") == int(1.5 * 2**30)
    assert limits.parse_bytes("2048") == 2048


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_binder_environment_asks_for_what_pyproject_asks():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    wanted = [*project["dependencies"], *extras["notebooks"], "voila>=0.5", *extras["classroom"][:1]]
    binder = yaml.safe_load((ROOT / "binder" / "environment.yml").read_text())["dependencies"]
    listed = {_name(entry): entry.replace(" ", "") for entry in binder if isinstance(entry, str)}
    for requirement in wanted:
        assert listed.get(_name(requirement)) == requirement.replace(" ", ""), requirement
    assert listed["python"] == "python=3.11"
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert "pip install --no-cache-dir --no-deps ." in post_build
    assert (ROOT / "binder" / "postBuild").stat().st_mode & 0o111


def test_zero_to_jupyterhub_config_has_make_classrooms_limits_and_culling():
    config = yaml.safe_load((ROOT / "classroom" / "z2jh" / "config.yaml").read_text())
    hub_config = (ROOT / "classroom" / "__main__.py").read_text()
    defaults = dict(re.findall(r'environ.get\("([A-Z_]+)", "([^"]*)"\)', hub_config))
    assert config["cull"] == {"enabled": True, "timeout": int(defaults["CULL_TIMEOUT"]), "every": 300}
    assert int(defaults["CULL_EVERY"]) == config["cull"]["every"]
    assert config["singleuser"]["memory"]["limit"] == defaults["MEM_LIMIT"]
    assert config["singleuser"]["cpu"]["limit"] == float(defaults["CPU_LIMIT"])
    culling = config["singleuser"]["extraFiles"]["kernel-culling"]["data"]["MappingKernelManager"]
    assert culling["cull_idle_timeout"] == int(defaults["KERNEL_CULL_TIMEOUT"])
    assert config["singleuser"]["defaultUrl"] == "/lab/tree/lessons/notebooks/00_start_here.ipynb"
    assert config["hub"]["config"]["JupyterHub"]["authenticator_class"] == "classroom_auth.ClassCodeAuthenticator"


def test_the_learners_jupyterlab_gets_the_kits_overrides(tmp_path):
    """The learners' JupyterLab gets the overrides ``make lab`` installs (no news prompt over the lessons), in their
    environment's settings folder, readable by every user."""
    import json as json_module
    import stat

    from classroom.__main__ import install_lab_overrides

    written = install_lab_overrides(tmp_path / "venv")
    assert written == tmp_path / "venv" / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    settings = json_module.loads(written.read_text())["@jupyterlab/apputils-extension:notification"]
    assert settings == {"fetchNews": "false", "checkForUpdates": False}
    assert written.stat().st_mode & stat.S_IROTH
