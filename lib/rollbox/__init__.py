"""Rollbox: pocket dice games for CircuitPython handhelds (platform-neutral engine and app)."""
