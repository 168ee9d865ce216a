#!/usr/bin/env node
// Runs the built CLI. This file is committed so that npm can link the command at install time, before
// anything is built; a missing build is said in one line, naming what to build.
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
import(cli.href).catch((error) => {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  const own = String(error.message).includes(fileURLToPath(cli));
  console.error(
    own
      ? 'counterprint-agent is not built yet: run npm run build -w packages/contract -w apps/agent'
      : `counterprint-agent cannot start: ${error.message}\nRun npm ci, then npm run build -w packages/contract -w apps/agent`,
  );
  process.exit(1);
});
