"""The equation checker: our own tokenizer and parser; sympy only sees numbers built here."""
