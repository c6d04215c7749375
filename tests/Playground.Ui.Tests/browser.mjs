// Debian's Chromium driven by playwright-core: no browser download, no network beyond loopback.
import { chromium } from 'playwright-core';

// Without the background-networking flags Chromium tries to reach Google services, which the
// closed network refuses, and startup stalls on it.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}
