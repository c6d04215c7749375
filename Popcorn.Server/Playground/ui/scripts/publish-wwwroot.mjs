// Copies the build (dist/) into ../wwwroot, which `dotnet build` reads while it runs: Popcorn.Server's embedded
// resources and the sample app's linked static files glob it. Vite's own emptyOutDir deleted every file and wrote it
// again, so a `dotnet build` running at the same time found a file missing (docs/contributing.md, "The playground UI
// and dotnet build"). Here a file whose bytes are unchanged is not touched, a new or changed file is written beside
// its place and renamed over it (a reader sees the old or the new file, never none), index.html goes last so it only
// ever names assets that exist, and the files the new build no longer has are removed at the very end.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ui = dirname(dirname(fileURLToPath(import.meta.url)));
const built = join(ui, 'dist');
const target = join(ui, '..', 'wwwroot');

async function filesUnder(root) {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

async function sameBytes(a, b) {
  const existing = await readFile(b).catch(() => null);
  return existing !== null && existing.equals(a);
}

async function publish(path) {
  const bytes = await readFile(join(built, path));
  const destination = join(target, path);
  if (await sameBytes(bytes, destination)) return false;
  await mkdir(dirname(destination), { recursive: true });
  const staged = `${destination}.${process.pid}.tmp`;
  await writeFile(staged, bytes);
  await rename(staged, destination);
  return true;
}

const next = await filesUnder(built);
if (!next.includes('index.html')) throw new Error(`No index.html in ${built}: run vite build first.`);
let written = 0;
for (const path of next.filter((p) => p !== 'index.html')) written += (await publish(path)) ? 1 : 0;
written += (await publish('index.html')) ? 1 : 0;
const stale = (await filesUnder(target)).filter((p) => !next.includes(p));
for (const path of stale) await rm(join(target, path));
console.log(`wwwroot: ${written} file(s) written, ${stale.length} removed, ${next.length - written} unchanged.`);
