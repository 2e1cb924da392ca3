"""Class tournaments: their tables (`store`), their text (`text`), a pairing played here
(`playing`)."""
