"""Sign-in for a class without an identity provider: the teacher's class code, a name the learner picks, and a secret
word the learner chooses the first time (so that nobody else who knows the class code can become them later).

The teacher signs in with their own name (``teacher`` unless set) and the teacher's code, and is a JupyterHub admin
(the admin page lists who is signed in and whose server runs).  A refused sign-in says why, in words a learner can act
on; the form is ``templates/login.html``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
from pathlib import Path

from jupyterhub.auth import Authenticator
from tornado import web
from traitlets import Integer, Unicode, default

NAME_PATTERN = re.compile(r"^[a-z][a-z0-9-]{0,19}$")
# no 0/O, 1/I/L: a code read aloud or from the board is typed right the first time
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
_ROUNDS = 100_000


def new_code(length: int = 6) -> str:
    """A fresh random class code (e.g. ``K7RM2Q``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalize_name(raw: str) -> str:
    """The name a learner typed as the hub spells it: lower case, spaces as dashes (``Amina B`` -> ``amina-b``)."""
    return re.sub(r"\s+", "-", raw.strip().lower())


def _hash_word(word: str, salt: str) -> str:
    return hashlib.pbkdf2_hmac("sha256", word.encode(), bytes.fromhex(salt), _ROUNDS).hex()


class Refused(web.HTTPError):
    """A sign-in refused, with the sentence the login form shows."""

    def __init__(self, message: str):
        super().__init__(403, reason="Sign-in refused")
        self.jupyterhub_message = message


class ClassCodeAuthenticator(Authenticator):
    """A class code from the teacher, plus a name (and a secret word) the learner picks."""

    class_code = Unicode(help="The code the teacher gives the class (compared without regard to case)").tag(config=True)
    teacher = Unicode("teacher", help="The teacher's name; that account is an admin").tag(config=True)
    teacher_code = Unicode(help="The teacher's own code (never the class code)").tag(config=True)
    names_file = Unicode(help="JSON file of the names taken in this class and their secret words' hashes").tag(
        config=True
    )
    max_learners = Integer(60, help="No more names are taken once this many are").tag(config=True)
    min_word = Integer(4, help="The shortest secret word").tag(config=True)

    @default("allow_all")
    def _default_allow_all(self) -> bool:  # the class code is the allow list
        return True

    def normalize_username(self, username: str) -> str:
        return normalize_name(username)

    def validate_username(self, username: str) -> bool:
        return bool(NAME_PATTERN.match(username))

    def _names(self) -> dict[str, dict[str, str]]:
        path = Path(self.names_file)
        return json.loads(path.read_text()) if path.exists() else {}

    def _save_names(self, names: dict[str, dict[str, str]]) -> None:
        path = Path(self.names_file)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(names, indent=1, sort_keys=True))
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)

    async def authenticate(self, handler, data: dict) -> dict:
        name = normalize_name(data.get("username", ""))
        code = data.get("password", "").strip()
        if name == self.teacher:
            if not self.teacher_code or not hmac.compare_digest(code.encode(), self.teacher_code.encode()):
                raise Refused("That is not the teacher's code. (Learners: pick a name of your own.)")
            return {"name": name, "admin": True}
        if not hmac.compare_digest(code.upper().encode(), self.class_code.upper().encode()):
            raise Refused(
                "That class code is not this class's code. Ask your teacher for it: six letters and digits, "
                "written on the board."
            )
        if not NAME_PATTERN.match(name):
            raise Refused(
                "Pick a name of up to 20 letters, digits or dashes that starts with a letter, for example amina or sam2."
            )
        word = data.get("word", "")
        if len(word) < self.min_word:
            raise Refused(
                f"Choose a secret word of at least {self.min_word} characters: you need it (with your name) to come "
                "back to your lessons."
            )
        names = self._names()
        if name in names:
            record = names[name]
            if not hmac.compare_digest(_hash_word(word, record["salt"]), record["hash"]):
                raise Refused(
                    f"The name {name} is already taken in this class, with another secret word. If it is yours, type "
                    "the word you chose; if not, pick another name."
                )
        else:
            if len(names) >= self.max_learners:
                raise Refused(f"This class is full ({self.max_learners} names): ask your teacher.")
            salt = secrets.token_hex(16)
            names[name] = {"salt": salt, "hash": _hash_word(word, salt)}
            self._save_names(names)
        return {"name": name, "admin": False}
