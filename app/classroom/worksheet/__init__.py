"""Printable puzzle sheets: `equation-duel worksheet` (docs/classroom.md).

- `sheet`: which puzzles (from the puzzle bank), and each answer with a short reason.
- `pdf`: the PDF (fpdf2, the optional `classroom` extra), with a Unicode font when this
  machine has one, else the PDF's own Helvetica with − written as -.
- `cli`: the command line.
"""
