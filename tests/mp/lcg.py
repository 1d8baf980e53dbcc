"""A fixed pseudo-random stream, the same on CPython, MicroPython and the
WebAssembly build (for seeded games in tests and benchmarks)."""


class Lcg:
    """``below(n)`` gives 0..n-1; the ANSI C rand() constants."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n
