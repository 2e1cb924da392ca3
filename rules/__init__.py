"""The five games as pure data and functions. Never imports textual."""
