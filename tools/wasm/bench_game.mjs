// Plays one tools/mp/bench_game.py game in a fresh 32-bit MicroPython
// (WebAssembly) with the project's modules (.py, or .mpy from ROLLBOX_MPY)
// in its filesystem. argv: game players seed live|alloc.
import { readFileSync, readdirSync } from "fs";
import { join, dirname } from "path";
import { fileURLToPath } from "url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const mpyDir = process.env.ROLLBOX_MPY;  // compiled .mpy modules, if given
const mp = await loadMicroPython({ heapsize: 1024 * 1024, linebuffer: true,
  stdout: (t) => process.stdout.write(t + "\n"), stderr: (t) => process.stderr.write(t + "\n") });
const ext = mpyDir ? ".mpy" : ".py";
function copy(pkg, from) {  // a package and its subpackages (games/<name>/)
  mp.FS.mkdir("/" + pkg);
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory() && e.name !== "data" && e.name !== "__pycache__") {
      copy(`${pkg}/${e.name}`, join(from, e.name));
    } else if (e.name.endsWith(ext)) {
      mp.FS.writeFile(`/${pkg}/${e.name}`, readFileSync(join(from, e.name)));
    }
  }
}
for (const [pkg, base] of [["games", root], ["rollbox", join(root, "lib")]]) {
  copy(pkg, mpyDir ? join(mpyDir, pkg) : join(base, pkg));
}
mp.FS.writeFile("/lcg.py", readFileSync(join(root, "tests", "mp", "lcg.py")));
mp.FS.writeFile("/bench_game.py", readFileSync(join(root, "tools", "mp", "bench_game.py")));
// A collection frees garbage only between top-level calls here, so each
// action and each measurement is a call of its own.
const [game, players, seed, mode] = process.argv.slice(2);
mp.runPython(`import sys\nsys.path.insert(0, "/")\nimport bench_game as b\n` +
  `b.start(${game}, ${players}, ${seed})`);
mp.runPython("b.measure()");
if (mode === "alloc") {  // the collector is off: one call plays the whole game
  mp.runPython("import gc\ngc.disable()\nbefore = gc.mem_alloc()\nwhile not b.act():\n    pass");
} else for (;;) {
  mp.runPython("done = b.act()");
  if (mp.globals.get("done")) break;
  if (mode === "live") mp.runPython("b.measure()");
}
if (mode === "alloc") {
  mp.runPython('print("alloc_per_roll", (gc.mem_alloc() - before) // b.G["rolls"])');
} else {
  mp.runPython('print("peak", b.G["peak"], "rolls", b.G["rolls"])');
}
