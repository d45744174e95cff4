import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardProposal } from '../../../common/api/moderation';
import { MESSAGES } from '../../../common/messages';
import { renderWithProviders } from '../../test/render';
import { CardProposals } from './CardProposals';

afterEach(() => {
  vi.unstubAllGlobals();
});

const proposal: CardProposal = {
  id: 'a'.repeat(24),
  code: 'EES099',
  name: 'New Spy Ring',
  seenCount: 3,
  deckCount: 1,
  examples: ['/upload/tile-1.webp', '/upload/tile-2.webp'],
  createdAt: '2026-01-01T00:00:00.000Z',
};

const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

test('lists the proposed cards with their tiles, and approving one tells the moderator it is in the list', async () => {
  const asked: Array<{ url: string; method: string }> = [];
  let decided = false;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push({ url, method: init?.method ?? 'GET' });
    if (url.endsWith('/approve')) {
      decided = true;
      return answer({ code: proposal.code, name: proposal.name, status: 'approved', deckCount: 1 });
    }
    return answer({ proposals: decided ? [] : [proposal] });
  });
  renderWithProviders(<CardProposals />);
  // Generous waits: on a loaded machine the first render of the page takes over a second.
  expect(await screen.findByRole('heading', { name: 'New Spy Ring' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText('Seen in 3 uploads, in 1 deck')).toBeInTheDocument();
  expect(screen.getAllByRole('img')).toHaveLength(2);
  await userEvent.click(screen.getByRole('button', { name: 'Approve EES099 New Spy Ring' }));
  expect(
    await screen.findByText(MESSAGES.moderation.proposalApproved('EES099', 'New Spy Ring'), {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(await screen.findByText(MESSAGES.moderation.noProposals, {}, { timeout: 5000 })).toBeInTheDocument();
  expect(asked).toContainEqual({ url: `/api/moderation/card-proposals/${proposal.id}/approve`, method: 'POST' });
});
