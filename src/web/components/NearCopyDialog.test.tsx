import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../common/messages';
import { NearCopyDialog } from './NearCopyDialog';
import type { NearCopy } from './near-copy';

const MATCH: NearCopy = {
  deck: { _id: '65f0a1b2c3d4e5f6a7b8c9d0', title: 'Space Race', user: 'StarGazer' },
  reason: 'cards',
  shared: 18,
  cardCount: 18,
};

function setup(match: NearCopy, username: string | null) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <NearCopyDialog match={match} deckcode="UH42XD" username={username} onConfirm={onConfirm} onCancel={onCancel} />,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('alertdialog', { name: MESSAGES.upload.nearCopyTitle }) };
}

describe('NearCopyDialog', () => {
  it("links the matching deck and says when it is the player's own", async () => {
    const { dialog, onConfirm, onCancel } = setup(MATCH, 'StarGazer');
    expect(dialog).toHaveTextContent(MESSAGES.upload.nearCopyCards('Space Race', 18, 18));
    expect(screen.getByRole('link', { name: 'Space Race' })).toHaveAttribute('href', `/decks/${MATCH.deck._id}`);
    expect(dialog).toHaveTextContent(MESSAGES.upload.nearCopyOwn);
    // Cancel has the focus: Enter does not publish.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.upload.nearCopyConfirm }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it("names another player's deck by its author, and a same-code match by the code", () => {
    const { dialog } = setup({ ...MATCH, reason: 'code', shared: 3 }, 'PaleoPete');
    expect(dialog).toHaveTextContent(MESSAGES.upload.nearCopyCode('Space Race', 'UH42XD'));
    expect(dialog).toHaveTextContent(MESSAGES.upload.nearCopyOther('StarGazer'));
    expect(dialog).not.toHaveTextContent(MESSAGES.upload.nearCopyOwn);
  });
});
