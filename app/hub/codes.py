"""The class code and the students' personal tokens.

- The class code: 6 characters from the join code's alphabet (`app.online.codes`: no
  0/o, 1/l/i), typed in a few seconds; compared in constant time as a join code is
  (`same_code`: case, spaces and dashes do not matter). It only lets a student knock:
  the teacher admits.
- A token: 32 bytes from `secrets` (256 bits), given once to the student's machine and
  kept on the hub only as its SHA-256 (`token_hash`), compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from app.online.codes import ALPHABET

CLASS_CODE_LENGTH = 6


def new_class_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CLASS_CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_fits(token: str, stored_hash: str) -> bool:
    """Whether `token` is the one whose hash was stored (in constant time)."""
    return hmac.compare_digest(token_hash(token), stored_hash)
