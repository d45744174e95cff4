import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog, Dialog } from './Dialog';

/** A button that opens a dialog, and that can take itself off the page while the dialog is open. */
function Opener({ fallback }: { fallback?: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [hasOpener, setHasOpener] = useState(true);
  return (
    <>
      {hasOpener && (
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      )}
      <h1 id="landing" tabIndex={-1}>
        Landing
      </h1>
      {isOpen && (
        <Dialog
          title="Settings"
          onClose={() => setOpen(false)}
          fallbackFocus={fallback ? () => document.getElementById('landing') : undefined}
        >
          <button type="button" onClick={() => setHasOpener(false)}>
            Remove the opener
          </button>
        </Dialog>
      )}
    </>
  );
}

test('the focus moves into the dialog and back to the opener on Escape and on Close', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Opener />);
  const open = screen.getByRole('button', { name: 'Open' });
  await user.click(open);
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(open).toHaveFocus();

  await user.click(open);
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(open).toHaveFocus();
});

test('Tab and Shift+Tab cycle inside the dialog', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Opener />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const close = screen.getByRole('button', { name: 'Close' });
  const inside = screen.getByRole('button', { name: 'Remove the opener' });
  await user.tab();
  expect(inside).toHaveFocus();
  await user.tab();
  expect(close).toHaveFocus();
  await user.tab({ shift: true });
  expect(inside).toHaveFocus();
});

test('when the opener has left the page, the focus goes to the fallback', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Opener fallback />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.click(screen.getByRole('button', { name: 'Remove the opener' }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('heading', { name: 'Landing' })).toHaveFocus();
});

test('a confirmation is an alertdialog whose Cancel has the focus', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <ConfirmDialog title="Delete it?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel}>
      <p>It goes for good.</p>
    </ConfirmDialog>,
  );
  const dialog = screen.getByRole('alertdialog', { name: 'Delete it?' });
  expect(dialog).toHaveTextContent('It goes for good.');
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledOnce();
  expect(onCancel).not.toHaveBeenCalled();
});
