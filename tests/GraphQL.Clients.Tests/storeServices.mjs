// The multi-service sample (samples/StoreServices) as the tests run it: the customers and orders services, the shipping
// service (plain JSON, OpenAPI) and the gateway in front, each a real `dotnet` process of its built output on a free
// loopback port (port 0: the OS picks, the app prints it), the two Popcorn services with their own SQLite files in a
// fresh folder. Needs the solution built first (test.sh does).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../Playground.Ui.Tests/playgroundServer.mjs';

const startTimeoutMs = 120_000;

/** Starts one app of the sample; resolves to { url, port, kill() } once it prints its address. */
function startApp(name, args) {
  const folder = path.join(repoRoot, 'samples', 'StoreServices', name, 'bin', 'Debug', 'net10.0');
  const child = spawn('dotnet', [`Popcorn.StoreServices.${name}.dll`, ...args], {
    cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DOTNET_NOLOGO: '1' },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not report its address within ${startTimeoutMs / 1000} s.`)), startTimeoutMs);
    const fail = (error) => { clearTimeout(timer); child.kill('SIGKILL'); reject(new Error(`${error.message}\n--- ${name} output ---\n${output}`)); };
    const read = (chunk) => {
      output += chunk;
      const match = /Now listening on:\s*(http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.off('exit', exited);
        // Keep reading (and dropping) what it prints, so a full pipe never blocks the app.
        output = '';
        child.stdout.off('data', read);
        child.stderr.off('data', read);
        child.stdout.resume();
        child.stderr.resume();
        const url = match[1].replace(/\/$/, '');
        resolve({
          url,
          port: Number(new URL(url).port),
          kill: () => new Promise((done) => { if (child.exitCode !== null || child.signalCode) { done(); return; } child.once('exit', done); child.kill('SIGKILL'); }),
        });
      }
    };
    const exited = (code) => fail(new Error(`${name} exited with code ${code} before it listened.`));
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', exited);
    child.on('error', fail);
  });
}

/**
 * Starts the customers, orders and shipping services, then the gateway over them. Resolves to { url, restartCustomers(), stop() }:
 * restartCustomers kills the customers process (SIGKILL) and returns a function that starts it again on the same port
 * with the same file.
 */
export async function startStoreServices() {
  const data = mkdtempSync(path.join(os.tmpdir(), 'popcorn-store-services-'));
  const customersArgs = (port) => ['--urls', `http://127.0.0.1:${port}`, `--ConnectionStrings:Customers=Data Source=${path.join(data, 'customers.db')}`];
  let customers = await startApp('Customers', customersArgs(0));
  const orders = await startApp('Orders', ['--urls', 'http://127.0.0.1:0', `--ConnectionStrings:Orders=Data Source=${path.join(data, 'orders.db')}`]);
  // The plain JSON shipping service (OpenAPI, no Popcorn): the gateway reads its document at startup, so it must run too.
  const shipping = await startApp('Shipping', ['--urls', 'http://127.0.0.1:0']);
  const gateway = await startApp('Gateway', [
    '--urls', 'http://127.0.0.1:0',
    `--Popcorn:Upstreams:orders:BaseAddress=${orders.url}`,
    `--Popcorn:Upstreams:customers:BaseAddress=${customers.url}`,
    `--Popcorn:Upstreams:shipping:BaseAddress=${shipping.url}`,
  ]);
  return {
    url: gateway.url,
    async killCustomers() {
      const port = customers.port;
      await customers.kill();
      return async () => { customers = await startApp('Customers', customersArgs(port)); };
    },
    async stop() {
      await Promise.all([gateway.kill(), shipping.kill(), orders.kill(), customers.kill()]);
      rmSync(data, { recursive: true, force: true });
    },
  };
}
