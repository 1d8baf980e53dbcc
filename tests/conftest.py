"""Test set-up: the host platform (tools/host) goes first on sys.path so that
device code's `import board`, `keypad`, `supervisor` find the host stand-ins."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))  # cases shared with MicroPython
sys.path.insert(0, os.path.join(ROOT, "tools"))  # host/, shake_replay

import host  # noqa: E402

host.activate()
