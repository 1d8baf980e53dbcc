"""Runs the MicroPython-compatible cases: `micropython tests/mp/runner.py`
with MICROPYPATH=lib:.:tests/mp. Prints a line per failure and a closing
'N passed, M failed' line; exits 1 on any failure."""
import sys

import pig_cases

passed = failed = 0
for case in pig_cases.CASES:
    try:
        case()
        passed += 1
    except Exception as err:  # report every failure, then go on
        failed += 1
        print("FAIL", case.__name__, repr(err))
print("mp: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
