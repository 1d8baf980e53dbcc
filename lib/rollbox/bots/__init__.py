"""Computer seats: one module per rule set, each a ``choose(state)`` policy."""
