"""The hub's messages' base: frozen, strict, no field beyond those named (unknown fields
are refused, as `app.online.protocol`'s)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
