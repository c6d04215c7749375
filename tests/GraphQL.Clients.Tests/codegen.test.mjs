// graphql-codegen's client preset generates TypeScript from the running gateway's introspection, and tsc compiles a
// typed query against it: a field the schema has is typed, one it does not have (a [Never] member) is a type error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generate } from '@graphql-codegen/cli';
import { startPlayground } from './gateway.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = path.join(here, 'codegen-output'); // inside the package, so generated code resolves its imports
const tsc = path.join(here, 'node_modules', 'typescript', 'bin', 'tsc');

let app;
before(async () => {
  app = await startPlayground();
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  await writeFile(path.join(work, 'query.ts'), `
import { graphql } from './gql';
export const EmployeeNameDocument = graphql(\`
  query EmployeeName($id: Int!) { employee(id: $id) { firstName hired_at vehicles { make } } }
\`);
`);
  await generate({
    schema: `${app.url}/graphql`,
    documents: [path.join(work, 'query.ts')],
    generates: { [path.join(work, 'gql') + '/']: { preset: 'client' } },
    silent: true,
  }, true);
});
after(async () => {
  await app?.stop();
  await rm(work, { recursive: true, force: true });
});

async function compile(source) {
  await writeFile(path.join(work, 'use.ts'), source);
  try {
    await promisify(execFile)(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck', path.join(work, 'use.ts')]);
    return { ok: true, output: '' };
  } catch (error) {
    return { ok: false, output: `${error.stdout}${error.stderr}` };
  }
}

test('a typed query against the generated types compiles', async () => {
  const result = await compile(`
import type { EmployeeNameQuery, EmployeeNameQueryVariables } from './gql/graphql.js';
const variables: EmployeeNameQueryVariables = { id: 1 };
declare const data: EmployeeNameQuery;
const name: string | undefined = data.employee?.firstName;
const makes: (string | undefined)[] | undefined = data.employee?.vehicles.map((car) => car?.make);
export { variables, name, makes };
`);
  assert.ok(result.ok, result.output);
});

test('a field the schema does not have, such as a [Never] member, does not compile', async () => {
  const result = await compile(`
import type { EmployeeNameQuery } from './gql/graphql.js';
declare const data: EmployeeNameQuery;
export const secret = data.employee?.socialSecurityNumber;
`);
  assert.equal(result.ok, false);
  assert.match(result.output, /socialSecurityNumber/);
});
