export function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))]!;
}

export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

export const MB = 1e6;
export const fmt = {
  n: (x: number, digits = 0) =>
    Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '—',
  ms: (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 1)} ms` : '—'),
  mb: (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / MB).toFixed(1)} MB` : '—'),
  ratio: (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '—'),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
};
