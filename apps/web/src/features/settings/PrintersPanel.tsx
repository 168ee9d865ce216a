import type {
  TDevice,
  TPairingCode,
  TPrinterChoice,
  TPrinterRef,
  TPublicAddress,
  TReportedPrinter,
  TShopPrinters,
} from '@counterprint/contract';
import { useEffect, useState } from 'react';
import { useAgentDownloads } from '../../api/agentDownloads';
import { serverMessageOr } from '../../api/client';
import { useChoosePrinters, usePairingCode, useRemoveAgent, useShopPrinters } from '../../api/printers';
import { Button } from '../../components/Button';
import { PhoneReachNote } from '../../components/PhoneReachNote';
import { reasonWords } from '../../lib/printerWords';
import { Panel, Select } from './fields';

const refOf = (value: string): TPrinterRef | null => {
  const [deviceId, uri] = value.split('|');
  return deviceId && uri ? { deviceId, uri } : null;
};
const choiceValue = (ref: TPrinterRef | null) => (ref ? `${ref.deviceId}|${ref.uri}` : '');

function seen(device: TDevice): string {
  if (device.connected) return 'Connected';
  if (!device.lastSeenAt) return 'Not connected yet';
  return `Last seen ${new Date(device.lastSeenAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}`;
}

function printerLine(p: TReportedPrinter): string {
  const parts = [p.color ? 'colour' : 'B&W', p.duplex ? 'two-sided' : 'one-sided'];
  if (p.paper.length) parts.push(p.paper.slice(0, 4).join(', '));
  return parts.join(' · ');
}

function PrinterState({ printer }: { printer: TReportedPrinter }) {
  if (printer.state !== 'stopped' && printer.acceptingJobs)
    return <span className="text-emerald-700">{printer.state === 'idle' ? 'Ready' : 'Printing'}</span>;
  const why = reasonWords(printer.reasons) || printer.stateMessage || 'not accepting jobs';
  return <span className="font-medium text-red-700">Stopped: {why}</span>;
}

function Commands({ label, lines }: { label: string; lines: string[] }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">{lines.join('\n')}</pre>
    </div>
  );
}

/** The command lines a shop pastes on its counter PC, with this server's address filled in. */
function PairingCode({ code, address }: { code: TPairingCode; address: TPublicAddress | undefined }) {
  const server = address?.url ?? window.location.origin;
  const pair = `counterprint-agent pair ${code.code} --server ${server}`;
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-700">
      <p>
        Pairing code, valid until {new Date(code.expiresAt).toLocaleTimeString([], { timeStyle: 'short' })}:{' '}
        <strong className="font-mono text-lg tracking-widest text-slate-900">{code.code}</strong>
      </p>
      <p className="mt-3">On the counter PC, next to the printers:</p>
      <PhoneReachNote address={address} className="mt-2" />
      <Commands label="Windows: a command window in the agent's folder" lines={[pair, 'counterprint-agent install --discover']} />
      <Commands label="macOS and Linux: in the agent's folder" lines={[`npx ${pair}`, 'npx counterprint-agent run --discover']} />
    </div>
  );
}

const megabytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1_000_000))} MB`;

/** The Windows agent from this server's build, or what the server's operator must do to offer it. */
function AgentDownload() {
  const downloads = useAgentDownloads();
  const windows = downloads.data?.windows;
  if (!windows) return null;
  return windows.available ? (
    <p className="mb-3 mt-1 text-sm text-slate-700">
      <a
        href={windows.url}
        download={windows.fileName}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Download for Windows
      </a>{' '}
      <span className="text-slate-500">
        ({windows.bytes === null ? 'zip' : `zip, ${megabytes(windows.bytes)}`}): unzip it on the counter PC, then pair it with a code from
        here.
      </span>
    </p>
  ) : (
    <p className="mb-3 mt-1 text-sm text-slate-500">
      No Windows download yet. {windows.howToBuild.replace(/^The Windows agent is not built on this server yet\. /, '')}
    </p>
  );
}

function AgentRow({ device, onRemove, removing }: { device: TDevice; onRemove: () => void; removing: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{device.name}</p>
          <p className="text-xs text-slate-500">
            <span className={device.connected ? 'text-emerald-700' : ''}>{seen(device)}</span> · paired{' '}
            {new Date(device.createdAt).toLocaleDateString([], { dateStyle: 'medium' })}
          </p>
        </div>
        {asking ? (
          <div className="flex items-center gap-2 text-sm">
            <span>Remove this agent? It stops printing at once.</span>
            <Button variant="secondary" onClick={onRemove} loading={removing} className="text-red-700">
              Remove
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Keep
            </Button>
          </div>
        ) : (
          <Button variant="ghost" onClick={() => setAsking(true)} aria-label={`Remove ${device.name}`}>
            Remove
          </Button>
        )}
      </div>
      <ul className="mt-2 space-y-1">
        {device.printers.map((p) => (
          <li key={p.uri} className="text-sm text-slate-700">
            <span className="font-medium">{p.name}</span> <span className="text-slate-500">· {printerLine(p)} ·</span>{' '}
            <PrinterState printer={p} />
          </li>
        ))}
        {device.printers.length === 0 && <li className="text-sm text-slate-500">No printers reported yet.</li>}
      </ul>
    </li>
  );
}

function ChoiceForm({ shopId, data }: { shopId: string; data: TShopPrinters }) {
  const [choice, setChoice] = useState<TPrinterChoice>(data.choice);
  useEffect(() => setChoice(data.choice), [data.choice]);
  const save = useChoosePrinters(shopId);
  const all = data.devices.flatMap((d) => d.printers.map((p) => ({ device: d, printer: p })));
  const options = (colourOnly: boolean) =>
    all
      .filter(({ printer }) => !colourOnly || printer.color)
      .map(({ device, printer }) => (
        <option key={`${device.id}|${printer.uri}`} value={`${device.id}|${printer.uri}`}>
          {printer.name} ({device.name})
        </option>
      ));
  return (
    <form
      className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(choice);
      }}
    >
      <Select
        label="Black & white files print on"
        value={choiceValue(choice.bw)}
        onChange={(e) => setChoice({ ...choice, bw: refOf(e.target.value) })}
      >
        <option value="">No printer (the colour one takes them)</option>
        {options(false)}
      </Select>
      <Select
        label="Colour files print on"
        value={choiceValue(choice.color)}
        onChange={(e) => setChoice({ ...choice, color: refOf(e.target.value) })}
      >
        <option value="">No colour printer</option>
        {options(true)}
      </Select>
      <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-500"
          checked={choice.markPrintedOnComplete}
          onChange={(e) => setChoice({ ...choice, markPrintedOnComplete: e.target.checked })}
        />
        <span>
          Mark a job printed when the printer completes every file
          <span className="block text-xs text-slate-500">Off: staff mark it printed themselves, after checking the pages.</span>
        </span>
      </label>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Save printers
        </Button>
        {save.isSuccess && <span className="text-sm text-emerald-700">Saved.</span>}
        {save.isError && (
          <span role="alert" className="text-sm text-red-700">
            {serverMessageOr(save.error, 'Could not save the printers.')}
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * Settings → Printers (issue 22): pair a print agent on the counter PC, see the printers it found
 * and their state, choose which takes B&W and which colour, and remove an agent.
 */
export function PrintersPanel({ shopId }: { shopId: string }) {
  // An agent being paired shows up within seconds.
  const printers = useShopPrinters(shopId, { refetchInterval: 15_000 });
  const pairing = usePairingCode(shopId);
  const remove = useRemoveAgent(shopId);
  const devices = printers.data?.devices ?? [];
  return (
    <Panel
      title="Printers"
      description="Print a job in one click: a small agent on the counter PC sends it to your printers with the customer's options."
      actions={
        <Button variant="secondary" onClick={() => pairing.mutate()} loading={pairing.isPending}>
          Pair a print agent
        </Button>
      }
    >
      <AgentDownload />
      {pairing.data && <PairingCode code={pairing.data.code} address={pairing.data.address} />}
      {pairing.isError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessageOr(pairing.error, 'Could not make a pairing code.')}
        </p>
      )}
      {printers.isError && (
        <p role="alert" className="text-sm text-red-700">
          {serverMessageOr(printers.error, 'Could not load the printers.')}
        </p>
      )}
      {devices.length > 0 ? (
        <ul aria-label="Print agents" className="divide-y divide-slate-100">
          {devices.map((d) => (
            <AgentRow key={d.id} device={d} onRemove={() => remove.mutate(d.id)} removing={remove.isPending && remove.variables === d.id} />
          ))}
        </ul>
      ) : (
        printers.isSuccess && <p className="mt-2 text-sm text-slate-500">No print agent yet. Without one, staff print from the browser.</p>
      )}
      {printers.data && devices.some((d) => d.printers.length > 0) && <ChoiceForm shopId={shopId} data={printers.data} />}
      {(printers.data?.warnings ?? []).length > 0 && (
        <ul aria-label="What your printers cannot print" className="mt-3 space-y-1">
          {printers.data?.warnings.map((w) => (
            <li
              key={`${w.need}|${w.paper ?? ''}`}
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              {w.message}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
