#!/usr/bin/env node
// popcorn-types generate <schema.json | http://server/popcorn/schema> [-o model.ts] [--unknown-scalar <type>]
// Writes the TypeScript model description of a server's /popcorn/schema (or a saved copy of it).
import { readFile, writeFile } from 'node:fs/promises';
import { generateModel } from '../dist/generate.js';

const usage = 'usage: popcorn-types generate <schema.json | http(s)://server/popcorn/schema> [-o model.ts] [--unknown-scalar <type>]';
const [command, source, ...rest] = process.argv.slice(2);
if (command !== 'generate' || !source) {
  console.error(usage);
  process.exit(2);
}

let output;
let unknownScalar;
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '-o' || rest[i] === '--out') output = rest[++i];
  else if (rest[i] === '--unknown-scalar') unknownScalar = rest[++i];
  else {
    console.error(`unknown option ${rest[i]}\n${usage}`);
    process.exit(2);
  }
}

const text = /^https?:\/\//.test(source)
  ? await fetch(source).then((r) => { if (!r.ok) throw new Error(`${source} answered ${r.status}`); return r.text(); })
  : await readFile(source, 'utf8');
const model = generateModel(JSON.parse(text), { unknownScalar });
if (output) await writeFile(output, model);
else process.stdout.write(model);
