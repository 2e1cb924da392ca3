"""Plain-text mode: every game line by line, with the prompts of its seed's sample."""
