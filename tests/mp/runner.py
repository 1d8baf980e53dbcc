"""Runs one game's MicroPython-compatible cases:
`micropython tests/mp/runner.py pig_cases` with MICROPYPATH=lib:.:tests/mp.
The module lists its cases in ``CASES``. One game per run, as on the device
(one game's modules in RAM at a time). Prints a line per failure and a
closing 'N passed, M failed' line; exits 1 on any failure."""
import sys

passed = failed = 0
module = __import__(sys.argv[1])
for case in module.CASES:
    try:
        case()
        passed += 1
    except Exception as err:  # report every failure, then go on
        failed += 1
        print("FAIL", case.__name__, repr(err))
print("mp: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
