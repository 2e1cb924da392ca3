"""The equation checker: our own tokenizer and parser, and exact values as `Fraction`s."""
