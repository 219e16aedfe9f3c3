"""Machinery that knows no law: exact arithmetic, coded columns, threads, selection, fields and formats."""
