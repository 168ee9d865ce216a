import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TAgentDownload, TAgentDownloads } from '@counterprint/contract';

// No repo: the downloads are files the agent's package build leaves (apps/agent/scripts/package-windows.mjs).
export const WINDOWS_ZIP = 'counterprint-agent-windows.zip';
export const WINDOWS_URL = '/api/public/agent/windows';
export const HOW_TO_BUILD_WINDOWS =
  'The Windows agent is not built on this server yet. Whoever runs the server builds it with: npm run package:windows -w apps/agent (see docs/agent-windows.md).';

export function defaultAgentDownloadsDir(): string {
  // Same relative place from src/features/agent-download (tsx) and dist/features/agent-download (built).
  return fileURLToPath(new URL('../../../../agent/release/windows/', import.meta.url));
}

export type AgentFile = { path: string; fileName: string; bytes: number; modified: Date };

/** The print agent's builds on this server's disk, looked up on each call so a new build is served at once. */
export class AgentDownloadService {
  constructor(private readonly d: { dir: string }) {}

  async list(): Promise<TAgentDownloads> {
    const file = await this.windows();
    const windows: TAgentDownload = {
      available: file !== undefined,
      url: WINDOWS_URL,
      fileName: WINDOWS_ZIP,
      bytes: file?.bytes ?? null,
      builtAt: file?.modified.toISOString() ?? null,
      howToBuild: HOW_TO_BUILD_WINDOWS,
    };
    return { windows };
  }

  /** The Windows zip, or undefined when it is not built. */
  async windows(): Promise<AgentFile | undefined> {
    const file = path.join(this.d.dir, WINDOWS_ZIP);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { path: file, fileName: WINDOWS_ZIP, bytes: info.size, modified: info.mtime };
  }
}
