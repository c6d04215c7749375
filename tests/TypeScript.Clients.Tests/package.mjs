// popcorn-query-types as a user gets it: built and packed by `npm pack`, installed from the tarball into a fresh
// project beside the model generated from the playground's saved /popcorn/schema.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const packageDir = path.resolve(here, '../../clients/typescript');
export const tscPath = path.join(here, 'node_modules/typescript/bin/tsc');
export const schemaPath = path.join(here, 'fixtures/playground-schema.json');

const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Packs the package and installs the tarball into a new project; resolves to the project's folder and the tarball's path. */
export function installPackedPackage() {
  if (!existsSync(path.join(packageDir, 'node_modules/typescript'))) {
    run('npm', ['ci', '--no-audit', '--no-fund', '--silent'], packageDir);
  }

  const project = mkdtempSync(path.join(tmpdir(), 'popcorn-types-'));
  // `npm pack` runs the package's prepack script (tsc), so the tarball holds a fresh build.
  run('npm', ['pack', '--silent', '--pack-destination', project], packageDir);
  const tarball = path.join(project, readdirSync(project).find((f) => f.endsWith('.tgz')));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--silent', tarball], project);
  run(path.join(project, 'node_modules/.bin/popcorn-types'), ['generate', schemaPath, '-o', path.join(project, 'model.ts')], project);
  return { project, tarball };
}

/** Copies a fixture file into the project. */
export function addFixture(project, name, as = name) {
  cpSync(path.join(here, 'fixtures', name), path.join(project, as));
}

/** Runs `tsc -p` (strict, no emit) over the project: { ok, output, ms }. */
export function compile(project, files) {
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], skipLibCheck: false },
    files,
  }));
  const started = process.hrtime.bigint();
  try {
    const output = run(process.execPath, [tscPath, '-p', project], project);
    return { ok: true, output, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  } catch (error) {
    return { ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}`, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  }
}
