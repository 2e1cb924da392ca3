"""Printable puzzle sheets: `equation-duel worksheet` (docs/classroom.md)."""
