import type { TPrintCommand, TReportedPrinter } from '@counterprint/contract';
import type { Report } from './commands.js';
import type { AgentStatus } from './status-page.js';
import { AGENT_VERSION } from './version.js';

/** What the local status page shows, kept as the agent works: its connection, printers and last job. */
export class AgentStatusBoard {
  private connected = false;
  private lastJob: AgentStatus['lastJob'] = null;

  constructor(
    private readonly shopName: string,
    private readonly printers: readonly string[],
    private readonly lastKnown: ReadonlyMap<string, TReportedPrinter>,
  ) {}

  setConnected(connected: boolean): void {
    this.connected = connected;
  }

  reported(command: TPrintCommand, report: Report): void {
    const printer = this.lastKnown.get(command.printerUri)?.name ?? command.printerUri;
    this.lastJob = { name: command.jobName, printer, outcome: outcomeWords(report), at: new Date().toISOString() };
  }

  status(): AgentStatus {
    return {
      version: AGENT_VERSION,
      shopName: this.shopName,
      connected: this.connected,
      printers: this.printers.map((uri) => {
        const known = this.lastKnown.get(uri);
        if (!known) return { name: uri, state: 'stopped', reasons: ['not-described-yet'] };
        return { name: known.name, state: known.state === 'processing' ? 'printing' : known.state, reasons: known.reasons };
      }),
      lastJob: this.lastJob,
    };
  }
}

/** A report in a shop owner's words; a Windows job the printer did not confirm is "sent", never "printed". */
export function outcomeWords(report: Report): string {
  if (report.state === 'completed' && report.reasons.includes('sent-not-confirmed')) {
    return 'sent to the printer through Windows (the printer has not confirmed printing it)';
  }
  const words: Record<Report['state'], string> = {
    sent: 'sent',
    processing: 'printing',
    stopped: 'stopped',
    completed: 'printed',
    aborted: 'not printed',
    canceled: 'cancelled',
  };
  const why = report.reasons.length ? ` (${report.reasons.join(', ')})` : '';
  return `${words[report.state]}${why}`;
}
