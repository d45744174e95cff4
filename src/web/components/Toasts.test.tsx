import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from './Toasts';
import { useToast } from './use-toast';

function Publisher() {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() =>
        toast('Deck uploaded successfully.', 'success', { link: { label: 'View deck', href: '/decks/abc' } })
      }
    >
      Publish
    </button>
  );
}

describe('ToastProvider', () => {
  it("follows a toast's link through the router and dismisses the toast", async () => {
    const navigate = vi.fn();
    render(
      <ToastProvider navigate={navigate}>
        <Publisher />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const link = within(screen.getByRole('status')).getByRole('link', { name: 'View deck' });
    expect(link).toHaveAttribute('href', '/decks/abc');
    await user.click(link);
    expect(navigate).toHaveBeenCalledWith('/decks/abc');
    expect(screen.queryByText('Deck uploaded successfully.')).not.toBeInTheDocument();
  });
});
