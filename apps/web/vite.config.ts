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
      // The receipt keys sit outside /api, where a verifier expects them (RFC 8615).
      '/.well-known': api,
      '/ws-endpoint': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The pieces the shop page and the status page share travel as one file: a phone on 3G pays
          // a round trip and a set of headers per file, and ten of them cost more than their bytes.
          groups: [
            {
              name: 'customer',
              test: /src\/(components\/(PoweredBy|JobPrice|PrintChoices|FileThumb|Icon|Button|Modal|Field|ConfirmDialog|FormMessage|useNow)|lib\/(format|jobWords|printChoices|uploadRules|recentJobs)|api\/(upload|shops|publicJobs)|app\/(prefetch|jobStatusLink))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
