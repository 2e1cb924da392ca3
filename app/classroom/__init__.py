"""The classroom: tournaments, the teacher's report and worksheets."""
