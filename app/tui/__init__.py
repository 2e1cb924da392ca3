"""The full-screen Textual app: menu, setup, one screen per game, dialogs, rules."""
