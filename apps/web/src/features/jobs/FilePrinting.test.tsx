import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reasonWords } from '../../lib/printerWords';
import { FilePrinting } from './FilePrinting';

const at = (over: object) => ({
  state: 'sent' as const,
  printerName: 'Counter B&W',
  reasons: [],
  message: null,
  unsupported: [],
  updatedAt: '2026-11-25T08:00:00.000Z',
  ...over,
});

describe('FilePrinting', () => {
  it("says what the printer said, in a counter's words", () => {
    expect(reasonWords(['media-empty-error', 'media-needed', 'none'])).toBe('out of paper, needs paper');
    expect(reasonWords(['toner-low-warning'])).toBe('toner low');
    render(<FilePrinting printing={at({ state: 'stopped', reasons: ['media-empty-report'] })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent('Counter B&W stopped: out of paper');
  });

  it("gives the agent's own reason beside 'not reachable from the agent', which alone hides why", () => {
    const down = { state: 'stopped', reasons: ['unreachable'], message: 'connect ECONNREFUSED 192.168.1.40:631' };
    const { rerender } = render(<FilePrinting printing={at(down)} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent(
      'Counter B&W stopped: not reachable from the agent (connect ECONNREFUSED 192.168.1.40:631)',
    );
    rerender(<FilePrinting printing={at({ ...down, reasons: ['media-jam-error'], message: 'Tray 1' })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent(/^Counter B&W stopped: paper jam$/);
  });

  it("shows the page counter's shortfall, the held printer and an unknown outcome with the agent's own words", () => {
    const short = 'Printed 5 of 6 sheets (counter 2000 → 2005): a possible jam or waste';
    const { rerender } = render(
      <FilePrinting printing={at({ state: 'aborted', reasons: ['counter-shortfall', 'part-printed'], message: short })} />,
    );
    expect(screen.getByTestId('file-printing')).toHaveTextContent(
      `Not printed: fewer sheets came out than ordered, a possible jam or waste, after some pages had printed (${short})`,
    );
    rerender(<FilePrinting printing={at({ state: 'stopped', reasons: ['held-after-shortfall'], message: `Waiting: ${short}` })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent(
      'Counter B&W stopped: waiting for staff to check the printer after a short job',
    );
    rerender(<FilePrinting printing={at({ state: 'aborted', reasons: ['outcome-unknown'], message: 'check the printer' })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent(
      'Not printed: the agent cannot tell whether it printed (check the printer)',
    );
  });

  it('calls a file printed only when the printer completed it, and warns of options it did not honour', () => {
    const { rerender } = render(<FilePrinting printing={at({ state: 'processing', unsupported: ['sides'] })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent('Printing on Counter B&W');
    expect(screen.getByTestId('file-printing')).toHaveTextContent('The printer did not honour: sides.');
    rerender(<FilePrinting printing={at({ state: 'completed' })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent('Printed by Counter B&W');
    rerender(<FilePrinting printing={at({ state: 'canceled', reasons: ['agent-removed'] })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent('Cancelled: the print agent was removed');
    rerender(<FilePrinting printing={null} />);
    expect(screen.queryByTestId('file-printing')).not.toBeInTheDocument();
  });

  it('never calls a Windows job printed: the queue only says the printer took the data', () => {
    render(<FilePrinting printing={at({ state: 'completed', reasons: ['sent-not-confirmed'] })} />);
    const shown = screen.getByTestId('file-printing');
    expect(shown).toHaveTextContent('Sent to Counter B&W; the printer has not confirmed it printed. Check the pages.');
    expect(shown).not.toHaveTextContent('Printed by');
  });

  it('says plainly that nothing printed and the job is back in the queue when the printer refused it whole', () => {
    const refused = { state: 'aborted', reasons: ['refused'], message: 'This printer prints black and white only', unsupported: ['color'] };
    const { rerender } = render(<FilePrinting printing={at(refused)} />);
    const shown = screen.getByTestId('file-printing');
    expect(shown).toHaveTextContent('Nothing printed: Counter B&W refused the job. The job is back in the queue.');
    expect(shown).toHaveTextContent('It cannot do: color.');
    expect(shown).not.toHaveTextContent('Check the pages');
    rerender(<FilePrinting printing={at({ ...refused, reasons: ['refused', 'part-printed'] })} />);
    expect(screen.getByTestId('file-printing')).toHaveTextContent('Not printed: refused the job, after some pages had printed');
    expect(screen.getByTestId('file-printing')).toHaveTextContent('Check the pages before handing them over.');
  });
});
