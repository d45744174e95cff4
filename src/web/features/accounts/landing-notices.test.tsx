import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { useLandingNotices } from './landing-notices';

function Probe() {
  useLandingNotices();
  const location = useLocation();
  return <code data-testid="address">{location.pathname + location.search}</code>;
}

function land(address: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <Probe />
    </MemoryRouter>,
  );
}

afterEach(() => vi.useRealTimers());

describe('landing notices', () => {
  it('tells a provider sign-in refused for an unconfirmed address, keeps it until dismissed, and drops the parameter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    land('/?signin-error=email-unverified&page=2');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailVerification.providerNeedsVerifiedEmail);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/\?page=2$/);
    vi.advanceTimersByTime(20_000);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.emailVerification.providerNeedsVerifiedEmail);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a confirmed address once and drops the parameter', async () => {
    land('/?email-verified=1');
    expect(await screen.findByText(MESSAGES.emailVerification.confirmed)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.emailVerification.confirmed)).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.emailVerification.confirmed);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });

  it('tells an invalid or expired link as an error', async () => {
    land('/?email-verified=0');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailVerification.linkInvalid);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });

  it('tells any other provider sign-in failure', async () => {
    land('/?signin-error=1');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.providerSignIn.failed);
  });

  it('says nothing on an ordinary address', () => {
    land('/?page=3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByTestId('address')).toHaveTextContent('/?page=3');
  });
});
