// The cost of the types in a real app: a file of 100 typed fetches (100 different selections) against the same file
// with untyped fetches. Reported, not asserted (the machine is shared, so a time is a figure, not a verdict); the
// instantiation count tsc reports does not depend on load.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { installPackedPackage, schemaPath, tscPath } from './package.mjs';
import { random, randomSelection } from './selections.mjs';

const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
const resources = schema.resources.filter((r) => r.method === 'GET' && !r.path.startsWith('/api/staff') && !r.path.includes('{'));

let installed;
before(() => { installed = installPackedPackage(); });
after(() => { if (installed) rmSync(installed.project, { recursive: true, force: true }); });

function write(name, typed) {
  const next = random(100);
  const lines = typed
    ? ["import { createClient } from './model.js';", "const api = createClient({ baseUrl: 'http://127.0.0.1:1' });", 'export async function run() {']
    : ["import './model.js';", 'export async function run() {'];
  for (let i = 0; i < 100; i++) {
    const resource = resources[i % resources.length];
    const selection = randomSelection(schema, resource.type, next);
    lines.push(typed
      ? `  const r${i} = await api.get(${JSON.stringify(resource.path)}, { include: ${JSON.stringify(selection)} }); r${i}[0].id;`
      : `  const r${i} = await fetch(${JSON.stringify(`http://127.0.0.1:1${resource.path}?include=${encodeURIComponent(selection)}`)}).then((r) => r.json()); r${i}[0].id;`);
  }

  lines.push('}');
  writeFileSync(path.join(installed.project, name), lines.join('\n'));
}

// CPU time of the children this process has waited for (user + system, /proc/self/stat's cutime and cstime, in clock
// ticks of 10 ms): what tsc itself spent, which other work on the machine does not inflate as it does wall time.
function childCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function measure(file) {
  writeFileSync(path.join(installed.project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], skipLibCheck: true }, files: [file],
  }));
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const started = process.hrtime.bigint();
    const cpuBefore = childCpuMs();
    const output = execFileSync(process.execPath, [tscPath, '-p', installed.project, '--extendedDiagnostics'], { encoding: 'utf8' });
    runs.push({
      wall: Number(process.hrtime.bigint() - started) / 1e6,
      cpu: childCpuMs() - cpuBefore,
      check: Number(/Check time:\s+([\d.]+)s/.exec(output)[1]) * 1000,
      instantiations: Number(/Instantiations:\s+(\d+)/.exec(output)[1]),
    });
  }

  runs.sort((a, b) => a.wall - b.wall);
  return runs[1];
}

test('100 typed selections compile; their cost over untyped fetches is reported', (t) => {
  write('typed.ts', true);
  write('untyped.ts', false);

  const typed = measure('typed.ts');
  const untyped = measure('untyped.ts');

  t.diagnostic(`typed: ${typed.wall.toFixed(0)} ms wall, ${typed.cpu} ms CPU, ${typed.check.toFixed(0)} ms check, ${typed.instantiations} instantiations`);
  t.diagnostic(`untyped: ${untyped.wall.toFixed(0)} ms wall, ${untyped.cpu} ms CPU, ${untyped.check.toFixed(0)} ms check, ${untyped.instantiations} instantiations`);
  t.diagnostic(`added by the types: ${(typed.wall - untyped.wall).toFixed(0)} ms wall, ${typed.cpu - untyped.cpu} ms CPU (medians of 3), ${(typed.check - untyped.check).toFixed(0)} ms check, ${typed.instantiations - untyped.instantiations} instantiations`);
  assert.ok(typed.instantiations > untyped.instantiations);
});
