// The documents validation.test.mjs sends to both graphql-js and the gateway: hand-written ones per rule of the spec's
// section 5 (valid and invalid, against the playground's schema), and ones generated from valid bases by seeded
// mutations of their syntax tree, so each is well-formed and breaks (or keeps) a rule by chance.
import { Kind, parse, print, visit } from 'graphql';

export const handWritten = [
  // Valid.
  '{ employees { id firstName } }',
  'query Q($id: Int!) { employee(id: $id) { ...Names manager { ...Names } } } fragment Names on Employee { firstName lastName }',
  'query ($id: Int = 2, $on: Boolean = true) { employee(id: $id) { id email @include(if: $on) department @skip(if: $on) { name } } }',
  '{ cars { ... on Car { make } ... { model } __typename } car(id: 1) { owner { __typename } } }',
  'query A { cars { id } } query B { car(id: 1) { id } }',
  '{ __type(name: "Employee") { name fields(includeDeprecated: true) { name type { name ofType { name } } } } }',
  '{ __schema { queryType { name } directives { name args { name } } } }',
  'query ($n: String!) { __type(name: $n) { name } }',
  '{ employee(id: 1) { id } employee(id: 1) { firstName } }',
  '{ department(id: 1) { head { firstName } members { lastName } budget } }',
  '{ orders { lines { product { sku } quantity } customer { referredBy { name } } } }',
  '{ employee(id: 1) { firstName firstName f: firstName } }',
  // List arguments (docs/data.md): valid, then wrong in each way the input types can be.
  '{ customers { orders(first: 2, skip: 1, orderBy: [{placedAt: DESC}, {id: ASC}], where: {or: [{status: {eq: "Shipped"}}, {id: {in: [1, 2]}}]}) { id lines(orderBy: {quantity: DESC}) { quantity } } } }',
  '{ customers { orders(where: {status: {in: [Open, Shipped]}}) { id } } }',
  'query ($s: OrderStatus) { customers { orders(where: {status: {neq: $s}}) { id } } }',
  'query ($s: String) { customers { orders(where: {status: {eq: $s}}) { id } } }',
  '{ customers { orders(where: {status: {eq: "Lost"}}) { id } } }',
  '{ customers { orders(where: {status: {gt: Open}}) { id } } }',
  'mutation { changeOrderStatus(id: 1, status: "Shipped") { id } }',
  'query ($n: Int, $w: OrderFilter) { customers { orders(first: $n, where: $w) { id } } }',
  '{ customers { orders(last: 2) { id } } }',
  '{ customers { orders(first: "2") { id } } }',
  '{ customers { orders(orderBy: {placedAt: UP}) { id } } }',
  '{ customers { orders(orderBy: {internalNote: ASC}) { id } } }',
  '{ customers { orders(where: {status: {like: "S"}}) { id } } }',
  '{ customers { orders(where: {total: {gt: 1}}) { id } } }',
  '{ customers { orders(where: {id: {gt: "one"}}) { id } } }',
  '{ customers { orders(where: [{id: {eq: 1}}]) { id } } }',
  '{ staff { __typename name ... on Manager { team reports { ...Who } } ... on Engineer { level } } } fragment Who on StaffMember { id }',
  '{ staff { ... on Engineer { x: name } ... on Manager { x: team } } }',
  '{ staffMember(id: 1) { ... on StaffMember { email } ...E } } fragment E on Engineer { languages }',
  // Popcorn's documented extensions.
  '{ employee(id: 1) { __all email @exclude } }',
  '{ employee(id: 1) { __default manager { __full } } }',
  '{ employee(id: 1) { id nickname @optional } }',
  '{ employee(id: 1) { manager department } cars }',
  // 5.2 Operations.
  'query A { cars { id } } query A { car(id: 1) { id } }',
  '{ cars { id } } query B { cars { id } }',
  '{ cars { id } } { employees { id } }',
  // 5.3 Fields.
  '{ staff { team } }',
  '{ staff { ... on Engineer { x: level } ... on Manager { x: team } } }',
  '{ staff { ... on Car { make } } }',
  '{ staff { ...C } } fragment C on Car { make }',
  '{ cars { ... on Manager { team } } }',
  '{ employee(id: 1) { nam } }',
  '{ nope }',
  '{ employee(id: 1) { manager { firstNme } } }',
  '{ employee(id: 1) { firstName { x } } }',
  '{ __typename { x } }',
  '{ employee(id: 1) { a: firstName a: lastName } }',
  '{ e: employee(id: 1) { id } e: employee(id: 2) { id } }',
  '{ employee(id: 1) { manager { id: firstName } manager { id } } }',
  '{ employee(id: 1) { ...A ...B } } fragment A on Employee { x: firstName } fragment B on Employee { x: lastName }',
  '{ employee(id: 1) { x: id ...A } } fragment A on Employee { x: firstName }',
  '{ employee(id: 1) { ...A } } fragment A on Employee { x: firstName ...B } fragment B on Employee { x: lastName }',
  '{ employee(id: 1) { manager { ...A } manager { ...B } } } fragment A on Employee { x: firstName } fragment B on Employee { x: lastName }',
  'query ($x: Int!, $y: Int!) { employee(id: $x) { id } employee(id: $y) { firstName } }',
  '{ employee(id: 1) { manager { x: id } manager { x: salary } } }',
  '{ employee(id: 1) { skills x: skills ... on Employee { x: email } } }',
  '{ employee(id: 1) { manager { manager { a: id } } manager { manager { a: email } } } }',
  '{ __schema { queryType } }',
  '{ __type(name: "Car") { fields { type } } }',
  // 5.4 Arguments.
  '{ employee(id: 1, idd: 2) { id } }',
  '{ employee(id: 1, id: 2) { id } }',
  '{ employee(id: 1) { firstName(upper: true) } }',
  '{ employee { id } }',
  '{ __type { name } }',
  // 5.5 Fragments.
  '{ cars { ...F } } fragment F on Car { id } fragment F on Car { make }',
  '{ cars { ...F } } fragment F on Vehicle { id }',
  '{ cars { ... on Int { id } } }',
  '{ cars { ...F } } fragment F on String { id }',
  '{ cars { id } } fragment F on Car { id }',
  '{ cars { ...Missing } }',
  '{ cars { ...E } } fragment E on Employee { id }',
  '{ cars { ... on Employee { id } } }',
  '{ cars { ...A } } fragment A on Car { ...B } fragment B on Car { ...A }',
  '{ cars { ...A } } fragment A on Car { id ...A }',
  '{ cars { ...A } } fragment A on Car { ...B } fragment B on Car { ...C } fragment C on Car { ...A ...B }',
  // 5.6 Values.
  '{ employee(id: "two") { id } }',
  '{ employee(id: null) { id } }',
  '{ employee(id: 3000000000) { id } }',
  '{ employee(id: 1.5) { id } }',
  '{ employee(id: [1]) { id } }',
  '{ employee(id: {a: 1}) { id } }',
  '{ employee(id: ONE) { id } }',
  '{ __type(name: 3) { name } }',
  '{ __type(name: "Car") { fields(includeDeprecated: "yes") { name } } }',
  'query ($x: Int) { employee(id: [$x]) { id } }',
  // 5.7 Directives.
  '{ cars { id @upper } }',
  'query Q @include(if: true) { cars { id } }',
  '{ cars { id @skip(if: false) @skip(if: true) } }',
  '{ cars { id @include } }',
  '{ cars { id @include(if: "yes") } }',
  '{ cars { id @include(if: true, unless: false) } }',
  '{ cars { ...F } } fragment F on Car @skip(if: true) { id }',
  '{ cars { id @deprecated } }',
  '{ cars { ... @exclude { id } } }',
  'query ($v: Int @include(if: true)) { employee(id: $v) { id } }',
  // 5.8 Variables.
  'query ($id: Intt) { employee(id: $id) { id } }',
  'query ($e: Employee) { cars { id } }',
  'query ($e: [Car!]) { cars { id } }',
  'query ($id: Int! = "x") { employee(id: $id) { id } }',
  'query ($id: Int! = null) { employee(id: $id) { id } }',
  'query Q { employee(id: $id) { id } }',
  '{ employee(id: $id) { id } }',
  'query Q { cars { ...F } } fragment F on Car { owner { manager { id } } id @include(if: $x) }',
  'query Q($unused: Int) { cars { id } }',
  'query ($unused: Int) { cars { id } }',
  'query ($id: Int) { employee(id: $id) { id } }',
  'query ($id: Int = 3) { employee(id: $id) { id } }',
  'query ($id: String!) { employee(id: $id) { id } }',
  'query ($id: [Int!]!) { employee(id: $id) { id } }',
  'query ($on: Boolean) { cars { id @include(if: $on) } }',
  'query ($n: ID!) { __type(name: $n) { name } }',
  'query A($x: Int!) { employee(id: $x) { id } } query B { cars { ...F } } fragment F on Car { id @skip(if: $y) }',
];

/** The documents the mutations start from: valid against the playground's schema, each using several features. */
const bases = [
  'query Card($id: Int!, $withBoss: Boolean = false) { employee(id: $id) { id firstName manager @include(if: $withBoss) { ...Names } vehicles { make year } } } fragment Names on Employee { firstName lastName }',
  '{ departments { name head { email } members { id ... on Employee { skills } } } __typename }',
  'query Fleet { cars { id model owner { department { budget } } } car(id: 2) { ...CarBits } } fragment CarBits on Car { make color licensePlate }',
  'query ($name: String!) { __type(name: $name) { name kind fields(includeDeprecated: true) { name args { name } } } }',
  '{ orders { id status lines { quantity product { name price } } customer { ...Who } } } fragment Who on Customer { name city }',
];

const fieldNames = ['id', 'firstName', 'lastName', 'name', 'make', 'model', 'budget', 'manager', 'owner', 'head', 'members',
  'lines', 'product', 'customer', 'quantity', 'nam', 'frstName', 'kind', 'fields', 'type', '__typename', 'employee', 'cars'];
const typeNames = ['Employee', 'Car', 'Department', 'Order', 'Customer', 'Query', 'Int', 'String', 'Vehicle', 'Map', '__Type', 'StaffMember', 'Manager', 'Engineer'];
const values = ['1', '"x"', '1.5', 'null', 'true', 'ONE', '[1]', '{a: 1}', '$id', '$nope', '$withBoss', '$name', '3000000000'];
const directives = ['@include(if: true)', '@skip(if: false)', '@include', '@skip(if: "no")', '@upper', '@deprecated',
  '@include(if: $withBoss)', '@include(if: $id)', '@skip(if: true) @skip(if: true)', '@include(if: true, x: 1)'];
const variableTypes = ['Int', 'Int!', 'String', 'String!', 'Boolean!', '[Int]', 'Employee', 'Foo', 'ID', 'Float!'];

/** mulberry32: a small seeded generator, so every run sends the same documents. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const valueNode = (text) => parse(`{ f(a: ${text}) }`).definitions[0].selectionSet.selections[0].arguments[0].value;
const directiveNodes = (text) => parse(`{ f ${text} }`).definitions[0].selectionSet.selections[0].directives;
const typeNode = (text) => parse(`query ($v: ${text}) { f }`).definitions[0].variableDefinitions[0].type;

/** One mutation of a document's syntax tree: it picks the n-th node of a kind and changes it. */
const mutations = [
  ['rename a field', Kind.FIELD, (node, pick) => ({ ...node, name: { ...node.name, value: pick(fieldNames) } })],
  ['alias a field', Kind.FIELD, (node, pick) => ({ ...node, alias: { kind: Kind.NAME, value: pick(['id', 'name', 'firstName', 'make', 'manager', 'a']) } })],
  ['drop the arguments', Kind.FIELD, (node) => ({ ...node, arguments: [] })],
  ['drop a selection set', Kind.FIELD, (node) => ({ ...node, selectionSet: undefined })],
  ['add a selection set', Kind.FIELD, (node) => ({ ...node, selectionSet: parse('{ id }').definitions[0].selectionSet })],
  ['change an argument value', Kind.ARGUMENT, (node, pick) => ({ ...node, value: valueNode(pick(values)) })],
  ['rename an argument', Kind.ARGUMENT, (node, pick) => ({ ...node, name: { ...node.name, value: pick(['id', 'name', 'first', 'includeDeprecated', 'if']) } })],
  ['add directives', Kind.FIELD, (node, pick) => ({ ...node, directives: [...(node.directives ?? []), ...directiveNodes(pick(directives))] })],
  ['change a type condition', Kind.INLINE_FRAGMENT, (node, pick) => ({ ...node, typeCondition: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: pick(typeNames) } } })],
  ['change a fragment type', Kind.FRAGMENT_DEFINITION, (node, pick) => ({ ...node, typeCondition: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: pick(typeNames) } } })],
  ['rename a spread', Kind.FRAGMENT_SPREAD, (node, pick) => ({ ...node, name: { ...node.name, value: pick(['Names', 'CarBits', 'Who', 'Other']) } })],
  ['change a variable type', Kind.VARIABLE_DEFINITION, (node, pick) => ({ ...node, type: typeNode(pick(variableTypes)) })],
  ['rename a variable', Kind.VARIABLE_DEFINITION, (node, pick) => ({ ...node, variable: { ...node.variable, name: { ...node.variable.name, value: pick(['id', 'x', 'name', 'withBoss']) } } })],
  ['give a variable a default', Kind.VARIABLE_DEFINITION, (node, pick) => ({ ...node, defaultValue: valueNode(pick(values.filter((v) => !v.startsWith('$')))) })],
];

/** `count` documents, each a base with one to three seeded mutations applied. */
export function generated(count, seed) {
  const next = random(seed);
  const pick = (items) => items[Math.floor(next() * items.length)];
  const documents = [];
  for (let i = 0; i < count; i++) {
    let document = parse(pick(bases));
    const steps = 1 + Math.floor(next() * 3);
    for (let step = 0; step < steps; step++) {
      const [, kind, change] = pick(mutations);
      const nodes = [];
      visit(document, { [kind]: (node) => { nodes.push(node); } });
      if (nodes.length === 0) {
        continue;
      }

      const target = pick(nodes);
      document = visit(document, { [kind]: (node) => (node === target ? change(node, pick) : undefined) });
    }

    documents.push(print(document));
  }

  return documents;
}
