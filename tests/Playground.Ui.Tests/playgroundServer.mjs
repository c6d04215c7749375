// Starts the real sample app (or another app under the repository) for the browser tests, or uses the one
// POPCORN_PLAYGROUND_URL names.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const startTimeoutMs = 120_000;

/**
 * Resolves to { url, stop() } once the app prints "Now listening on: http://127.0.0.1:PORT".
 * Everything the app prints is also written to `logPath`, to read when a test fails. `project` is the app's folder
 * under the repository, the sample's by default.
 */
export async function startPlayground(logPath, project = 'playground') {
  if (process.env.POPCORN_PLAYGROUND_URL && project === 'playground') {
    return { url: process.env.POPCORN_PLAYGROUND_URL.replace(/\/$/, ''), stop: async () => {} };
  }

  // Port 0 lets the OS pick a free port, so parallel runs and other engineers' apps never clash.
  // Detached, so the app that `dotnet run` starts as a child can be stopped with its whole group.
  const child = spawn(
    'dotnet',
    ['run', '--project', path.join(repoRoot, project), '--no-build', '--urls', 'http://127.0.0.1:0'],
    { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DOTNET_NOLOGO: '1' } },
  );

  const log = logPath ? createWriteStream(logPath) : null;
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk) => log?.write(chunk));
  child.stderr.on('data', (chunk) => log?.write(chunk));
  child.on('exit', () => log?.end());

  let output = '';
  let listening;
  const read = (chunk) => {
    output += chunk;
    const match = /Now listening on:\s*(http:\/\/\S+)/.exec(output);
    if (match) {
      listening?.(match[1].replace(/\/$/, ''));
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);

  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`The app did not report its address within ${startTimeoutMs / 1000} s.`)), startTimeoutMs);
    const fail = (error) => {
      clearTimeout(timer);
      stopGroup(child);
      reject(new Error(`${error.message}\n--- app output ---\n${output}`));
    };
    listening = (address) => {
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolve(address);
    };
    const exitedEarly = (code) => fail(new Error(`The app exited with code ${code} before it listened.`));
    child.on('exit', exitedEarly);
    child.on('error', fail);
  });
  // From here on the log file has the output; keeping it in memory too would only grow.
  child.stdout.off('data', read);
  child.stderr.off('data', read);

  await waitUntilServing(url);
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      stopGroup(child, 'SIGTERM');
      const timer = setTimeout(() => stopGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function stopGroup(child, signal = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }

  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** The address is printed just before the app starts serving; poll until the schema answers. */
async function waitUntilServing(url) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/popcorn/schema`);
      if (response.ok) {
        return;
      }
    } catch {
      // Not accepting connections yet.
    }

    if (Date.now() > deadline) {
      throw new Error(`${url}/popcorn/schema did not answer 200 within 30 s.`);
    }

    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
