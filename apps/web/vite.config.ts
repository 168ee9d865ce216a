import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './tooling/precompress.ts';
import { pureContract } from './tooling/pure-contract.ts';

const api = 'http://localhost:8080';
const contractSrc = resolve(import.meta.dirname, '../../packages/contract/src');

export default defineConfig({
  plugins: [pureContract(contractSrc), react(), tailwindcss(), precompress()],
  resolve: {
    // The contract ships TypeScript sources; bundling them directly keeps one copy of the schemas.
    alias: { '@counterprint/contract': resolve(contractSrc, 'index.ts') },
  },
  server: {
    proxy: {
      '/api': api,
      '/files': api,
      '/ws-endpoint': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
  },
});
