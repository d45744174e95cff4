import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../common/messages';
import { SAMPLE_SCREENSHOT_PATH, type UploadImageResult } from '../../../common/api/uploads';
import { ApiRequestError } from '../../lib/api-client';
import { renderWithProviders, testQueryClient } from '../../test/render';
import UploadModal from './UploadModal';
import { postDeck, readDeckImage } from './api/upload-deck';

vi.mock('./api/upload-deck', () => ({ readDeckImage: vi.fn(), postDeck: vi.fn() }));

const CATALOG = [
  { Name: 'Heimdall', Code: 'ACNO012' },
  { Name: 'Hypernova', Code: 'FSP006' },
  { Name: 'Sand Cat', Code: 'LCA020' },
  { Name: 'Five Eyes', Code: 'EES026' },
  { Name: 'Virginia Hall', Code: 'EES003' },
  { Name: 'Sir Lancelot', Code: 'ACAL001' },
  { Name: 'Caño Cristales', Code: 'ORR014' },
];

const detected = (names: string[]): UploadImageResult => {
  const cards = names.map((name) => {
    const card = CATALOG.find((c) => c.Name === name)!;
    return {
      code: card.Code,
      name,
      confidence: 0.95,
      alternatives: [{ code: 'ORR014', name: 'Caño Cristales', confidence: 0.4 }],
    };
  });
  return { cards: names, deck_code: 'UH42XD', detected: cards, readingId: 'reading-1' };
};

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/** The server as the modal sees it through fetch: the catalog, and the sample screenshot when `sample` is on. */
function fakeServer(sample: 'available' | 'missing') {
  return async (input: RequestInfo | URL) => {
    if (String(input) === SAMPLE_SCREENSHOT_PATH) {
      return sample === 'available'
        ? new Response(PNG_BYTES, { status: 200, headers: { 'content-type': 'image/png' } })
        : new Response(JSON.stringify({ error: 'Not Found', message: 'No sample screenshot.' }), { status: 404 });
    }
    return new Response(JSON.stringify(CATALOG), { status: 200 });
  };
}

function setup(options: { applyAccept?: boolean; sample?: 'available' | 'missing' } = {}) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(fakeServer(options.sample ?? 'missing'));
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const onClose = vi.fn();
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderWithProviders(<UploadModal onClose={onClose} />, client);
  return { user: userEvent.setup({ applyAccept: options.applyAccept }), onClose, invalidate };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'deck.png', { type: 'image/png' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(readDeckImage).mockReset();
  vi.mocked(postDeck).mockReset();
});

describe('UploadModal', () => {
  it('links the deck builder, started from the cards read once there are any', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(detected(['Heimdall', 'Sand Cat']));
    const { user } = setup();
    expect(screen.getByRole('link', { name: MESSAGES.builder.buildWithout })).toHaveAttribute('href', '/decks/new');
    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    expect(screen.getByRole('link', { name: MESSAGES.builder.editInBuilder })).toHaveAttribute(
      'href',
      '/decks/new?codes=ACNO012,LCA020',
    );
  });

  it('shows every validation text when Submit is pressed on an empty form', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const text of [
      MESSAGES.upload.imageRequired,
      MESSAGES.upload.titleRequired,
      MESSAGES.upload.tooFewCards,
      MESSAGES.upload.categoryRequired,
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(postDeck).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image without uploading it', async () => {
    // As if picked through "All files": the picker's accept list is only a hint to the browser.
    const { user } = setup({ applyAccept: false });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Deck image'), text);
    expect(await screen.findByText(MESSAGES.upload.invalidImage)).toBeInTheDocument();
    expect(readDeckImage).not.toHaveBeenCalled();
  });

  it('says so when no card was detected', async () => {
    vi.mocked(readDeckImage).mockResolvedValue({ cards: [], deck_code: null, detected: [] });
    const { user } = setup();
    await user.upload(screen.getByLabelText('Deck image'), png());
    expect(await screen.findByText(MESSAGES.upload.noCardsDetected)).toBeInTheDocument();
  });

  it('says the catalog lacks the cards when names were read but none matched', async () => {
    vi.mocked(readDeckImage).mockResolvedValue({ cards: [], deck_code: null, detected: [], unmatchedNames: 18 });
    const { user } = setup();
    await user.upload(screen.getByLabelText('Deck image'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.upload.noCatalogMatch(18));
    expect(screen.queryByText(MESSAGES.upload.noCardsDetected)).not.toBeInTheDocument();
  });

  it('reads the sample screenshot like a picked file', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    const { user } = setup({ sample: 'available' });
    await user.click(screen.getByRole('button', { name: MESSAGES.upload.trySample }));
    const list = await screen.findByRole('list', { name: 'Cards Detected' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('img', { name: 'Preview of the chosen deck image' })).toBeInTheDocument();
    const sent = vi.mocked(readDeckImage).mock.calls[0][0];
    expect(sent).toMatchObject({ name: 'sample-screenshot.png', type: 'image/png', size: PNG_BYTES.length });
    expect(fetch).toHaveBeenCalledWith(SAMPLE_SCREENSHOT_PATH, expect.anything());
  });

  it('shows the screenshot large beside the card list on demand', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    const { user } = setup();
    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    const toggle = screen.getByRole('button', { name: 'Screenshot beside the list' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('img', { name: 'The chosen deck image, large' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'The chosen deck image, large' })).toHaveAttribute('src', 'blob:preview');
    await user.click(toggle);
    expect(screen.queryByRole('img', { name: 'The chosen deck image, large' })).not.toBeInTheDocument();
  });

  it('says so when the sample screenshot is not available', async () => {
    const { user } = setup({ sample: 'missing' });
    await user.click(screen.getByRole('button', { name: MESSAGES.upload.trySample }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.upload.sampleUnavailable);
    expect(readDeckImage).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Preview of the chosen deck image' })).not.toBeInTheDocument();
  });

  it('clears the stale card-count error once a chosen image is read after a failed Submit', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MESSAGES.upload.tooFewCards)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.upload.imageRequired)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    expect(screen.queryByText(MESSAGES.upload.tooFewCards)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.upload.imageRequired)).not.toBeInTheDocument();
    // The fields still empty keep theirs.
    expect(screen.getByText(MESSAGES.upload.titleRequired)).toBeInTheDocument();
  });

  it('shows the reader being busy', async () => {
    vi.mocked(readDeckImage).mockRejectedValue(
      new ApiRequestError(429, 'The card reader is busy right now. Please try again in a minute.'),
    );
    const { user } = setup();
    await user.upload(screen.getByLabelText('Deck image'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The card reader is busy right now.');
  });

  it('reads the cards, lets one be fixed, and publishes the deck', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    vi.mocked(postDeck).mockResolvedValue({ _id: '65f0a1b2c3d4e5f6a7b8c9d0' } as never);
    const { user, onClose, invalidate } = setup();

    await user.upload(screen.getByLabelText('Deck image'), png());
    const list = await screen.findByRole('list', { name: 'Cards Detected' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('img', { name: 'Preview of the chosen deck image' })).toBeInTheDocument();
    expect(within(list).getAllByText('Reader: 95% sure')).toHaveLength(5);

    // An alternative (read 40% sure), then a typed name: both are the player's choice, not flagged.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Replace Sand Cat with' }), 'ORR014');
    expect(within(list).getByText('Caño Cristales')).toBeInTheDocument();
    expect(within(list).queryByText(/please check/)).not.toBeInTheDocument();
    expect(within(list).getByText('chosen by you')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit: type another name for Caño Cristales' }));
    await user.type(screen.getByLabelText('New name for Caño Cristales'), 'sir lancelot{Enter}');
    expect(within(list).getByText('Sir Lancelot')).toBeInTheDocument();
    expect(within(list).getByText('chosen by you')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'My deck');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MESSAGES.upload.categoryRequired)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.upload.titleRequired)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Albums'), 'Space{Enter}');
    expect(screen.queryByText(MESSAGES.upload.categoryRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postDeck).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({
        title: 'My deck',
        albums: ['Space'],
        cards: ['Heimdall', 'Hypernova', 'Sir Lancelot', 'Five Eyes', 'Virginia Hall'],
        deckcode: 'UH42XD',
      }),
      // The reading's image, kept at the upload, is published without a second upload.
      'reading-1',
      expect.anything(),
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['decks'] });
    expect(screen.getByText(MESSAGES.upload.success)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View deck' })).toHaveAttribute('href', '/decks/65f0a1b2c3d4e5f6a7b8c9d0');
  });

  it('lets the deck code read be fixed in the review, checked, and sends the fixed code', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    vi.mocked(postDeck).mockResolvedValue({ _id: '65f0a1b2c3d4e5f6a7b8c9d0' } as never);
    const { user, onClose } = setup();
    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    const code = screen.getByLabelText(MESSAGES.upload.deckCodeLabel);
    expect(code).toHaveValue('UH42XD');
    await user.type(screen.getByLabelText('Title'), 'My deck');
    await user.type(screen.getByLabelText('Albums'), 'Space{Enter}');
    await user.clear(code);
    await user.type(code, 'uh4-2xd');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(MESSAGES.upload.deckCodeCharacters)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(postDeck).not.toHaveBeenCalled();
    await user.clear(code);
    await user.type(code, 'uh43xd');
    expect(screen.queryByText(MESSAGES.upload.deckCodeCharacters)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postDeck).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ deckcode: 'UH43XD' }),
      'reading-1',
      expect.anything(),
    );
  });

  it('asks before publishing a deck whose code a public deck has; Cancel publishes nothing', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    vi.mocked(postDeck).mockResolvedValue({ _id: '65f0a1b2c3d4e5f6a7b8c9d0' } as never);
    const { user, onClose } = setup();
    const catalog = fakeServer('missing');
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      if (String(input) !== '/api/decks/similar') return catalog(input);
      expect(JSON.parse(String(init?.body))).toMatchObject({ deckcode: 'UH42XD' });
      const sameCode = [{ _id: '65f0a1b2c3d4e5f6a7b8c9d1', title: 'Space Race', user: 'StarGazer' }];
      return new Response(JSON.stringify({ cardCount: 5, decks: [], sameCode }), { status: 200 });
    });
    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    await user.type(screen.getByLabelText('Title'), 'My deck');
    await user.type(screen.getByLabelText('Albums'), 'Space{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const ask = await screen.findByRole('alertdialog', { name: MESSAGES.upload.nearCopyTitle });
    expect(ask).toHaveTextContent(MESSAGES.upload.nearCopyCode('Space Race', 'UH42XD'));
    expect(within(ask).getByRole('link', { name: 'Space Race' })).toHaveAttribute(
      'href',
      '/decks/65f0a1b2c3d4e5f6a7b8c9d1',
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(postDeck).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const again = await screen.findByRole('alertdialog', { name: MESSAGES.upload.nearCopyTitle });
    await user.click(within(again).getByRole('button', { name: MESSAGES.upload.nearCopyConfirm }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(postDeck).toHaveBeenCalledOnce();
  });

  it('tells the user when publishing fails', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    vi.mocked(postDeck).mockRejectedValue(new ApiRequestError(500, 'Something went wrong on our side.'));
    const { user, onClose } = setup();
    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    await user.type(screen.getByLabelText('Title'), 'My deck');
    await user.type(screen.getByLabelText('Tags'), 'Budget{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.upload.failure)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not publish on Enter in a picker that has no option for the typed text', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    vi.mocked(postDeck).mockResolvedValue({} as never);
    const { user, onClose } = setup();
    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    await user.type(screen.getByLabelText('Title'), 'My deck');
    await user.type(screen.getByLabelText('Albums'), 'Space{Enter}');
    // The deck is valid now: an Enter that reached the form would publish it.
    await user.type(screen.getByLabelText('Tags'), 'zzzz');
    expect(screen.getByText('No options')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(postDeck).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Tags')).toHaveValue('zzzz');
    // With an option, Enter still picks it, and nothing is posted either.
    await user.clear(screen.getByLabelText('Tags'));
    await user.type(screen.getByLabelText('Tags'), 'Budget{Enter}');
    expect(postDeck).not.toHaveBeenCalled();
  });

  it('asks before Escape, Cancel or × throw away a reviewed deck, and not before anything is read', async () => {
    vi.mocked(readDeckImage).mockResolvedValue(
      detected(['Heimdall', 'Hypernova', 'Sand Cat', 'Five Eyes', 'Virginia Hall']),
    );
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    onClose.mockClear();

    await user.upload(screen.getByLabelText('Deck image'), png());
    await screen.findByRole('list', { name: 'Cards Detected' });
    for (const close of [
      () => user.click(screen.getByRole('button', { name: 'Cancel' })),
      () => user.click(screen.getAllByRole('button', { name: 'Close' })[0]),
      () => user.keyboard('{Escape}'),
    ]) {
      await close();
      const confirm = screen.getByRole('alertdialog', { name: 'Discard this deck?' });
      expect(onClose).not.toHaveBeenCalled();
      // Cancel has the focus: Enter keeps the deck.
      expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Cards Detected' })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before throwing away a typed title even with no image', async () => {
    const { user, onClose } = setup();
    await user.type(screen.getByLabelText('Title'), 'M');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Discard this deck?' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
