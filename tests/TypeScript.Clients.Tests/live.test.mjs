// The types against the bytes: random selections (fixed seed) on the live playground, fetched with the package's
// client, and each response's keys, at every level, equal to the keys of the type tsc gives that selection.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { startPlayground } from '../Playground.Ui.Tests/playgroundServer.mjs';
import { installPackedPackage, schemaPath } from './package.mjs';
import { random, randomSelection } from './selections.mjs';

const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
// The polymorphic staff list writes its derived types' fields and a discriminator, which /popcorn/schema does not
// describe (docs/clients.md, "Limits"); the POST is not a read.
const resources = schema.resources.filter((r) => r.method === 'GET' && !r.path.startsWith('/api/staff'));
const perResource = 10;

let installed;
let app;
let client;
let cases;
let checker;
let aliases;
before(async () => {
  installed = installPackedPackage();
  app = await startPlayground(path.join(installed.project, 'playground.log'));
  const { createPopcornClient } = await import(pathToFileURL(path.join(installed.project, 'node_modules/popcorn-query-types/dist/index.js')));
  client = createPopcornClient({ baseUrl: app.url });

  const next = random(33);
  cases = resources.flatMap((resource) => Array.from({ length: perResource }, () => ({ resource, selection: randomSelection(schema, resource.type, next) })));
  const source = ["import type { Selected } from './model.js';",
    ...cases.map((c, i) => `export type S${i} = Selected<${JSON.stringify(c.resource.type)}, ${JSON.stringify(c.selection)}>;`)].join('\n');
  const file = path.join(installed.project, 'live.ts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  assert.equal(diagnostics.length, 0, ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => installed.project, getNewLine: () => '\n' }));
  checker = program.getTypeChecker();
  aliases = program.getSourceFile(file).statements.filter(ts.isTypeAliasDeclaration);
});
after(async () => {
  await app?.stop();
  if (installed) rmSync(installed.project, { recursive: true, force: true });
});

/** Holds `value` (parsed JSON) to type `type`: the same keys on every object, at every level; null only where the type allows it. */
function conforms(type, value, at, node) {
  const parts = type.isUnion() ? type.types : [type];
  const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
  const solid = parts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
  if (value === null) {
    assert.ok(nullable, `${at} is null, but its type ${checker.typeToString(type)} does not allow null`);
    return;
  }

  const shape = solid.length === 1 ? solid[0] : null;
  if (Array.isArray(value)) {
    assert.ok(shape && checker.isArrayType(shape), `${at} is an array, typed ${checker.typeToString(type)}`);
    value.forEach((element, i) => conforms(checker.getTypeArguments(shape)[0], element, `${at}[${i}]`, node));
    return;
  }

  if (typeof value !== 'object') {
    return; // a scalar: its key was checked by its object
  }

  const properties = shape ? checker.getPropertiesOfType(shape) : [];
  const index = shape && checker.getIndexInfoOfType(shape, ts.IndexKind.String);
  if (index && properties.length === 0) {
    for (const [key, item] of Object.entries(value)) conforms(index.type, item, `${at}.${key}`, node);
    return;
  }

  assert.deepEqual(Object.keys(value).sort(), properties.map((p) => p.name).sort(), `the keys of ${at}`);
  for (const property of properties) {
    conforms(checker.getTypeOfSymbolAtLocation(property, node), value[property.name], `${at}.${property.name}`, node);
  }
}

test(`the keys of ${resources.length * perResource} random selections' responses equal their types' keys`, async () => {
  let objects = 0;
  for (let i = 0; i < cases.length; i++) {
    const { resource, selection } = cases[i];
    const alias = aliases[i];
    const type = checker.getTypeFromTypeNode(alias.type);
    const response = await client.get(resource.path, { params: { id: 2 }, include: selection });
    const rows = resource.isList ? response : [response];
    assert.ok(rows.length > 0, `${resource.path} returned no rows`);
    for (const row of rows) {
      conforms(type, row, `${resource.path} ${selection}`, alias);
      objects++;
    }
  }

  assert.ok(objects > cases.length);
});

test('a refused selection is a 400 problem at run time, where the types could not see it', async () => {
  await assert.rejects(client.get('/api/employees', { include: '[id,vehicles(first: -1)]' }), (error) => error.status === 400 && /first/.test(error.problem.detail));
});
