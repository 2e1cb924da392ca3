"""The hub: one server for a class (a class code, a waiting room, a lobby, games the class can watch); Textual-free."""
