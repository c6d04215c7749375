import { defineConfig } from 'vite';

// The build lands in dist/, and scripts/publish-wwwroot.mjs copies it into ../wwwroot, which Popcorn.Server embeds and the sample app serves (committed, so a
// fresh clone serves the playground without a Node toolchain) without ever leaving a file missing there for a
// `dotnet build` running at the same time. Relative asset URLs keep it working under a path base.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    // `npm run dev` proxies the API to a running sample app (POPCORN_APP_URL, default :5000).
    proxy: Object.fromEntries(
      ['/popcorn', '/api', '/graphql'].map((path) => [path, process.env.POPCORN_APP_URL ?? 'http://127.0.0.1:5000']),
    ),
  },
});
