#!/usr/bin/env node
// Runs the built CLI (npm run build -w apps/agent). This file is committed so that npm can link the
// command at install time, before anything is built.
import('../dist/cli.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist')) {
    console.error('counterprint-agent is not built yet: run npm run build -w apps/agent');
    process.exit(1);
  }
  throw error;
});
