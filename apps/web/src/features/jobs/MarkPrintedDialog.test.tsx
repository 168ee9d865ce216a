import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeJob } from '../../test/fixtures';
import { MarkPrintedDialog } from './MarkPrintedDialog';

describe('dialogs and the phone menu (issue 16)', () => {
  it('starts Mark as Printed on the Amount field', () => {
    render(
      <MarkPrintedDialog
        job={makeJob({ id: 'j1', number: 7 })}
        rateCard={[]}
        pending={false}
        error={null}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByLabelText('Amount (₹)')).toHaveFocus();
  });
});
