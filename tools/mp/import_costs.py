"""What importing each module adds to the heap, on CircuitPython's unix
port: ``circuitpython-unix32 -c "import import_costs" PROFILE FILE``
imports the modules named (comma separated) in FILE in that order, after
the stand-ins of tools/host/unix_port (``board`` set to PROFILE), and
prints ``import NAME BYTES`` for each, then ``done``. Run by
tools/bench_device for its module table (dependencies first, so each
figure is the module's own: its bytecode, functions, globals and names).
"""
import gc
import sys

import board  # the stand-ins first: what they cost is not a module's
import busio  # noqa: F401
import digitalio  # noqa: F401
import keypad  # noqa: F401
import microcontroller  # noqa: F401
import supervisor  # noqa: F401


def imports(names):
    """Import ``names`` in order; print what each added to the heap."""
    import micropython

    gc.collect()
    last = gc.mem_alloc()
    for name in names:
        __import__(name)
        gc.collect()
        used = gc.mem_alloc()
        print("import", name, used - last)
        last = used
    micropython.qstr_info()


board._use(sys.argv[1])
with open(sys.argv[2]) as f:
    imports(f.read().strip().split(","))
print("done")
