"""The Textual application, the command line and the plain-text mode."""
