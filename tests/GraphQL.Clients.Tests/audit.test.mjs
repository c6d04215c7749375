// graphql-http's own GraphQL-over-HTTP audit, against the real gateway: every MUST and every SHOULD passes. (The
// MAY notices left are printed: each is a 400 this gateway chooses not to give; see docs/graphql-syntax.md.)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { auditServer } from 'graphql-http';
import { startPlayground } from './gateway.mjs';

let app;
before(async () => { app = await startPlayground(); });
after(async () => { await app?.stop(); });

test('graphql-http auditServer reports no error and no warning', async (t) => {
  const results = await auditServer({ url: `${app.url}/graphql` });

  const failures = results.filter((r) => r.status === 'error' || r.status === 'warn');
  for (const notice of results.filter((r) => r.status === 'notice')) {
    t.diagnostic(`notice ${notice.id} ${notice.name}: ${notice.reason}`);
  }
  assert.ok(results.length >= 50, `only ${results.length} audits ran`);
  assert.deepEqual(failures.map((f) => `${f.status} ${f.id} ${f.name}: ${f.reason}`), []);
});
