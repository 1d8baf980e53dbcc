"""Host stand-in for CircuitPython's `board`: the names of the host board in
use (see host.boards; `host.boards.use(profile)` swaps them)."""
from host import boards as _boards

globals().update(_boards.current().attrs)
