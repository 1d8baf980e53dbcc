"""Host solvers for the computer players (numpy; never on the device).

Each writes a table into ``games/data/`` that the device reads by seeking
(``lib/rollbox/table.py``)."""
