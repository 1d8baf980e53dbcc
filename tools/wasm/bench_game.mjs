// Runs tools/mp/bench_game.py in a fresh 32-bit MicroPython (WebAssembly)
// per call, with the project's games/ and lib/rollbox/ sources in its
// filesystem. argv: the bench_game.py arguments. Prints its output.
import { readFileSync, readdirSync } from "fs";
import { join, dirname } from "path";
import { fileURLToPath } from "url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const mpyDir = process.env.ROLLBOX_MPY;  // compiled .mpy modules, if given
const mp = await loadMicroPython({ heapsize: 1024 * 1024, linebuffer: true,
  stdout: (t) => process.stdout.write(t + "\n"), stderr: (t) => process.stderr.write(t + "\n") });
for (const [pkg, base] of [["games", root], ["rollbox", join(root, "lib")]]) {
  mp.FS.mkdir("/" + pkg);
  const from = mpyDir ? join(mpyDir, pkg) : join(base, pkg);
  const ext = mpyDir ? ".mpy" : ".py";
  for (const f of readdirSync(from).filter((f) => f.endsWith(ext))) {
    mp.FS.writeFile(`/${pkg}/${f}`, readFileSync(join(from, f)));
  }
}
mp.FS.writeFile("/bench_game.py", readFileSync(join(root, "tools", "mp", "bench_game.py")));
const args = JSON.stringify(process.argv.slice(2));
mp.runPython(`import sys\nsys.path.insert(0, "/")\n` +
  `exec(open("/bench_game.py").read(), {"__name__": "__main__", "ARGS": ${args}})`);
