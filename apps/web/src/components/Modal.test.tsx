import type { TRole } from '@counterprint/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Sidebar } from '../app/Sidebar';
import { renderPage } from '../test/render';
import { Button } from './Button';
import { Modal } from './Modal';
import { SiteHeader } from './site/SiteHeader';

function Confirm({ onClose }: { onClose: () => void }) {
  const [, rerender] = useState(0);
  return (
    <>
      <button type="button">Behind</button>
      <Modal
        open
        title="Cancel this job?"
        role="alertdialog"
        onClose={() => onClose()}
        actions={
          <>
            <Button variant="secondary" onClick={() => rerender((n) => n + 1)}>
              Keep job
            </Button>
            <Button variant="danger">Cancel job</Button>
          </>
        }
      >
        <p>Its files move to the recycle bin.</p>
      </Modal>
    </>
  );
}

const shopOwner = { role: 'SHOP_OWNER', roles: ['SHOP_OWNER'] } as const satisfies { role: TRole; roles: TRole[] };

function Phone() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <Sidebar {...shopOwner} collapsed={false} onToggleCollapsed={() => {}} drawerOpen={open} onCloseDrawer={() => setOpen(false)} />
    </>
  );
}

describe('dialogs and the phone menu (issue 16)', () => {
  it('never starts on the destructive button, keeps Tab inside, and closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Confirm onClose={onClose} />);
    const keep = screen.getByRole('button', { name: 'Keep job' });
    expect(keep).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel job' })).toHaveFocus();
    await user.tab();
    expect(keep).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel job' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Behind' })).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not pull focus back to a button while the person works in the dialog', async () => {
    const user = userEvent.setup();
    render(<Confirm onClose={() => {}} />);
    // A re-render with a new onClose arrow must leave focus where the person put it.
    await user.click(screen.getByRole('button', { name: 'Keep job' }));
    expect(screen.getByRole('button', { name: 'Keep job' })).toHaveFocus();
  });

  it.each([
    { menu: 'staff', page: <Phone />, role: 'complementary', name: 'Menu' },
    { menu: 'public', page: <SiteHeader />, role: 'navigation', name: 'Mobile' },
  ] as const)('closes the $menu phone menu on Escape and returns focus to its button', async ({ page, role, name }) => {
    const { user } = renderPage(page);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole(role, { name })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole(role, { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
