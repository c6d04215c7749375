// graphql-codegen's client preset generates TypeScript from the running gateway's introspection, and tsc compiles a
// typed query against it: a field the schema has is typed, one it does not have (a [Never] member) is a type error.
// The same for mutations: their variables typed by the input objects and enums read from C#. Output enums are unions
// of their values and dates named scalars, so a comparison with a value the enum does not have does not compile.
// List elements are non-null where the gateway promises it (docs/graphql-syntax.md, "List element types").
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
export const ListsDocument = graphql(\`
  query Lists { orders(first: 2) { lines { quantity } } employee(id: 1) { skills } departments { members { id } } }
\`);
`);
  await writeFile(path.join(work, 'mutation.ts'), `
import { graphql } from './gql';
export const PlaceDocument = graphql(\`
  mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { id status lines { quantity } } }
\`);
export const ShipDocument = graphql(\`
  mutation Ship($id: Int!, $status: OrderStatus!) { changeOrderStatus(id: $id, status: $status) { id status } }
\`);
`);
  await writeFile(path.join(work, 'connection.ts'), `
import { graphql } from './gql';
export const OrdersPageDocument = graphql(\`
  query OrdersPage($first: Int, $after: String) {
    ordersConnection(first: $first, after: $after) { totalCount edges { cursor node { id placedAt } } pageInfo { hasNextPage endCursor } }
  }
\`);
`);
  await generate({
    schema: `${app.url}/graphql`,
    documents: [path.join(work, 'query.ts'), path.join(work, 'mutation.ts'), path.join(work, 'connection.ts')],
    // Enums as string unions ('Open' | 'Shipped' | ...), as a TypeScript frontend types them.
    // The date scalars as the strings they are on the wire, as a frontend maps them (codegen's default is `any`).
    generates: { [path.join(work, 'gql') + '/']: { preset: 'client', config: { enumsAsTypes: true, strictScalars: true, scalars: { Map: 'Record<string, unknown>', DateTime: 'string', IsoDateTime: 'string', LocalDate: 'string', LocalTime: 'string' } } } },
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

test('list elements the gateway promises non-null (strings, a model that cannot reach itself) need no null check', async () => {
  const result = await compile(`
import type { ListsQuery } from './gql/graphql.js';
declare const data: ListsQuery;
const quantities: number[] = data.orders.flatMap((order) => order.lines.map((line) => line.quantity));
const skills: string[] | undefined = data.employee?.skills;
export { quantities, skills };
`);
  assert.ok(result.ok, result.output);
});

test('elements of a model in a cycle stay nullable, so reading one without a null check does not compile', async () => {
  const result = await compile(`
import type { ListsQuery } from './gql/graphql.js';
declare const data: ListsQuery;
export const ids: number[] = data.departments.flatMap((department) => department.members.map((member) => member.id));
`);
  assert.equal(result.ok, false);
  assert.match(result.output, /possibly 'null'|null/);
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

test('a mutation\'s variables are typed by its input object: required members, nested lines, nullable note', async () => {
  const result = await compile(`
import type { PlaceMutation, PlaceMutationVariables, ShipMutationVariables, OrderStatus } from './gql/graphql.js';
const place: PlaceMutationVariables = { input: { customerId: 1, lines: [{ productId: 2, quantity: 3 }], note: null } };
const ship: ShipMutationVariables = { id: 1, status: 'Shipped' };
const statuses: OrderStatus[] = ['Open', 'Shipped', 'Delivered'];
declare const data: PlaceMutation;
const ids: number[] | undefined = data.placeOrder?.map((order) => order.id);
export { place, ship, statuses, ids };
`);
  assert.ok(result.ok, result.output);
});

test('a mutation input missing a required member, with a wrong type or an unknown enum value does not compile', async () => {
  for (const [variables, message] of [
    ['{ input: { lines: [] } }', /customerId/],
    ["{ input: { customerId: 1, lines: [{ productId: 2, quantity: 'three' }] } }", /quantity|string/],
  ]) {
    const result = await compile(`
import type { PlaceMutationVariables } from './gql/graphql.js';
export const place: PlaceMutationVariables = ${variables};
`);
    assert.equal(result.ok, false, variables);
    assert.match(result.output, message);
  }

  const ship = await compile(`
import type { ShipMutationVariables } from './gql/graphql.js';
export const ship: ShipMutationVariables = { id: 1, status: 'Lost' };
`);
  assert.equal(ship.ok, false);
  assert.match(ship.output, /Lost/);
});

test('an output enum is the union of its values and a date a named scalar: a value the enum lacks does not compile', async () => {
  const typed = await compile(`
import type { PlaceMutation, EmployeeNameQuery, OrderStatus, Scalars } from './gql/graphql.js';
declare const data: PlaceMutation;
const status: OrderStatus | undefined = data.placeOrder?.[0]?.status;
const shipped: boolean = status === 'Shipped';
declare const employee: EmployeeNameQuery;
const hired: Scalars['DateTime']['output'] | undefined = employee.employee?.hired_at;
export { shipped, hired };
`);
  assert.ok(typed.ok, typed.output);

  const wrong = await compile(`
import type { PlaceMutation } from './gql/graphql.js';
declare const data: PlaceMutation;
export const lost: boolean = data.placeOrder?.[0]?.status === 'Lost';
`);
  assert.equal(wrong.ok, false);
  assert.match(wrong.output, /Lost|no overlap/);
});

test('a Relay connection is typed: edges with a string cursor and a typed node, a nullable endCursor, a number totalCount', async () => {
  const typed = await compile(`
import type { OrdersPageQuery, OrdersPageQueryVariables } from './gql/graphql.js';
const variables: OrdersPageQueryVariables = { first: 10, after: null };
declare const data: OrdersPageQuery;
const total: number = data.ordersConnection.totalCount;
const cursors: string[] = data.ordersConnection.edges.map((edge) => edge.cursor);
const ids: number[] = data.ordersConnection.edges.map((edge) => edge.node.id);
const next: string | null | undefined = data.ordersConnection.pageInfo.endCursor;
const more: boolean = data.ordersConnection.pageInfo.hasNextPage;
export { variables, total, cursors, ids, next, more };
`);
  assert.ok(typed.ok, typed.output);

  const wrong = await compile(`
import type { OrdersPageQuery } from './gql/graphql.js';
declare const data: OrdersPageQuery;
export const next: string = data.ordersConnection.pageInfo.endCursor;
`);
  assert.equal(wrong.ok, false, 'endCursor is null on an empty page, so it is not typed as a plain string');
  assert.match(wrong.output, /endCursor|null/);
});
