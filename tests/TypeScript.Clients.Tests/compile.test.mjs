// tsc --strict over typed selections of the playground's schema, with the package installed from its tarball.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { addFixture, compile, installPackedPackage } from './package.mjs';

let installed;
before(() => { installed = installPackedPackage(); });
after(() => { if (installed) rmSync(installed.project, { recursive: true, force: true }); });

test('the tarball holds the built package, its declarations and the generator', () => {
  const root = path.join(installed.project, 'node_modules/popcorn-query-types');
  for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/select.d.ts', 'dist/generate.js', 'cli/popcorn-types.mjs', 'README.md']) {
    assert.ok(existsSync(path.join(root, file)), file);
  }

  assert.ok(!existsSync(path.join(root, 'src')), 'sources stay out of the tarball');
});

test('the generator describes every model of the schema, [Always] and defaults included', () => {
  const model = readFileSync(path.join(installed.project, 'model.ts'), 'utf8');

  assert.match(model, /"id": \{ kind: 'scalar'; value: number; model: null; nullable: false; always: true; default: true; sub: null \}/);
  assert.match(model, /"head": \{ kind: 'object'; value: never; model: "Employee"; nullable: true; always: false; default: true; sub: "\[firstName,lastName,email\]" \}/);
  assert.match(model, /"\/api\/employees\/\{id\}": \{ type: "Employee"; list: false \}/);
  assert.doesNotMatch(model, /socialSecurityNumber/);
});

test('tsc --strict accepts every typed case and reports every expected error', () => {
  addFixture(installed.project, 'cases.ts');

  const result = compile(installed.project, ['cases.ts']);

  assert.ok(result.ok, result.output);
});

test('a wrong expectation fails the compile (the cases can fail)', () => {
  addFixture(installed.project, 'wrong.ts');

  const result = compile(installed.project, ['wrong.ts']);

  assert.equal(result.ok, false);
  assert.match(result.output, /wrong\.ts\(\d+,\d+\): error TS2578: Unused '@ts-expect-error' directive/);
  assert.match(result.output, /wrong\.ts\(\d+,\d+\): error TS2339: Property 'email' does not exist/);
});

test('an unknown field at a typed call names the reason in the error', () => {
  addFixture(installed.project, 'unknown.ts');

  const result = compile(installed.project, ['unknown.ts']);

  assert.equal(result.ok, false);
  assert.match(result.output, /'emial' is not a field of Employee/);
});
