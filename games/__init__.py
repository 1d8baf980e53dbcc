"""Rule sets, one pure module each (no I/O, no hardware, no randomness)."""
