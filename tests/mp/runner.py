"""Runs the MicroPython-compatible cases: `micropython tests/mp/runner.py`
with MICROPYPATH=lib:.:tests/mp. Every ``*_cases.py`` module beside this file
lists its cases in ``CASES``. Prints a line per failure and a closing
'N passed, M failed' line; exits 1 on any failure."""
import os
import sys

passed = failed = 0
here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
for name in sorted(os.listdir(here)):
    if not name.endswith("_cases.py"):
        continue
    module = __import__(name[:-3])
    for case in module.CASES:
        try:
            case()
            passed += 1
        except Exception as err:  # report every failure, then go on
            failed += 1
            print("FAIL", name, case.__name__, repr(err))
print("mp: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
