import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@counterprint/contract': resolve(import.meta.dirname, '../../packages/contract/src/index.ts') },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'tooling/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // A page's first render loads its lazy route chunk through Vite's transform: about 1 s alone, past 5 s
    // (the default) when the suite shares two cores with a build. Tests assert behaviour, not speed.
    testTimeout: 20_000,
  },
});
