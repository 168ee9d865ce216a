import type { DbKind } from './server.js';

export type Row = {
  /** What is measured, e.g. "upload throughput". */
  what: string;
  /** The figure's name and unit, e.g. "MB/s". */
  measure: string;
  value: number;
  /** Same unit, same run. */
  baseline?: number;
  /** Target as text, e.g. "≥ 0.70× baseline". */
  target?: string;
  pass?: boolean;
  /** How `value` is formatted. */
  format: 'rate' | 'ms' | 'mb' | 'kb' | 'count' | 'ratio';
  /** Rounds and spread, e.g. "median of 3: 161, 170, 175". */
  detail?: string;
};

export type Section = {
  benchmark: string;
  db: DbKind | 'none';
  rows: Row[];
  notes: string[];
  data: unknown;
  seconds: number;
};

export type BenchContext = {
  db: DbKind;
  quick: boolean;
  log(line: string): void;
};

export type Benchmark = {
  name: string;
  /** Runs once, not per database. */
  dbIndependent?: boolean;
  describe: string;
  run(ctx: BenchContext): Promise<Omit<Section, 'benchmark' | 'db' | 'seconds'>>;
};

export const ratioOf = (r: Row) => (r.baseline ? r.value / r.baseline : undefined);

export function formatValue(format: Row['format'], v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  switch (format) {
    case 'rate':
      return v >= 100 ? v.toFixed(0) : v.toFixed(1);
    case 'ms':
      return `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`;
    case 'mb':
      return `${v.toFixed(1)} MB`;
    case 'kb':
      return `${v.toFixed(1)} KB`;
    case 'count':
      return v.toFixed(0);
    case 'ratio':
      return `${v.toFixed(3)}×`;
  }
}

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const [head, ...body] = cells;
  return [line(head!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

/** A Markdown table: one row per figure, baseline and ratio beside it. */
export function table(sections: Section[]): string {
  const cells = [['what', 'db', 'figure', 'value', 'baseline (same run)', 'ratio', 'target', 'result']];
  for (const s of sections) {
    for (const r of s.rows) {
      const ratio = ratioOf(r);
      cells.push([
        r.what,
        s.db === 'none' ? '—' : s.db === 'pglite' ? 'PGlite' : 'PostgreSQL',
        r.measure,
        formatValue(r.format, r.value),
        r.baseline === undefined ? '—' : formatValue(r.format, r.baseline),
        ratio === undefined ? '—' : `${ratio.toFixed(2)}×`,
        r.target ?? '—',
        r.pass === undefined ? '' : r.pass ? 'pass' : 'MISS',
      ]);
    }
  }
  return pad(cells);
}
