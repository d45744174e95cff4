import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Deck } from '../../../common/api/decks';
import { MESSAGES } from '../../../common/messages';
import { deckQueryKey } from '../../lib/deck-cache';
import { renderWithProviders } from '../../test/render';
import { testDeck } from '../../test/decks';
import DeckBuilderPage from './DeckBuilderPage';

/** 20 Space cards (odd ones Common, even ones Rare), a Life card and an accented Epic one. */
const CATALOG = [
  ...Array.from({ length: 20 }, (_, i) => ({
    Name: `Star ${i + 1}`,
    Code: `SAS${String(i + 1).padStart(3, '0')}`,
    Rarity: i % 2 ? 'Rare' : 'Common',
  })),
  { Name: 'Caño Cristales', Code: 'ORR014', Rarity: 'Epic' },
  { Name: 'Sand Cat', Code: 'LCA020', Rarity: 'Rare' },
];

let posted: FormData | null;
let parseBodies: string[];
let edited: { url: string; body: unknown } | null;

beforeEach(() => {
  posted = null;
  parseBodies = [];
  edited = null;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/cards/') return new Response(JSON.stringify(CATALOG), { status: 200 });
    if (url === '/api/cards/parse-list') {
      parseBodies.push(String(init?.body));
      return new Response(
        JSON.stringify({
          cards: [{ line: 'sand cat', code: 'LCA020', name: 'Sand Cat' }],
          unknown: ['My sandwich'],
        }),
        { status: 200 },
      );
    }
    if (url === '/api/decks/post/') {
      posted = init?.body as FormData;
      return new Response(JSON.stringify(testDeck(7, { title: 'Built' })), { status: 201 });
    }
    if (url.startsWith('/api/decks/editdeck/')) {
      edited = { url, body: JSON.parse(String(init?.body)) };
      return new Response(JSON.stringify(testDeck(3, { deckcode: 'AB12CD' })), { status: 200 });
    }
    if (url.startsWith('/api/decks/onedeck/'))
      return new Response(
        JSON.stringify(
          testDeck(3, {
            title: 'Source deck',
            cards: ['Star 2', 'Sand Cat'],
            cardList: [
              { name: 'Star 2', code: 'SAS002' },
              { name: 'Sand Cat', code: 'LCA020' },
            ],
          }),
        ),
        { status: 200 },
      );
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderBuilder(entry = '/decks/new', canPublish = true) {
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/decks/new" element={<DeckBuilderPage canPublish={canPublish} />} />
        <Route path="/decks/:id" element={<p>Deck page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** The catalog's first card listed; a loaded machine (six test runs on two cores) may take seconds. */
const catalogLoaded = () => screen.findByRole('button', { name: 'Add Star 1' }, { timeout: 10_000 });
const results = () => screen.getByRole('list', { name: 'Matching cards' });
const deckList = () => screen.getByRole('list', { name: 'Deck cards' });
const deckNames = () =>
  within(deckList())
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/\s*[A-Z]{3}\d{3}.*$/, ''));

describe('DeckBuilderPage', () => {
  it('searches as you type, ignoring accents and case, and filters by album, collection and rarity', async () => {
    const user = renderBuilder();
    await catalogLoaded();
    await user.type(screen.getByLabelText('Card name'), 'CANO');
    expect(
      within(results())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Add Caño Cristales']);
    await user.clear(screen.getByLabelText('Card name'));
    await user.selectOptions(screen.getByLabelText('Rarity'), 'Epic');
    expect(within(results()).getAllByRole('listitem')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Rarity'), '');
    await user.selectOptions(screen.getByLabelText('Album'), 'Life on Land');
    expect(within(results()).getByRole('button', { name: 'Add Sand Cat' })).toBeInTheDocument();
    expect(within(results()).getAllByRole('listitem')).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Album'), '');
    await user.selectOptions(screen.getByLabelText('Collection'), 'SAS');
    expect(within(results()).getAllByRole('listitem')).toHaveLength(20);
  });

  it('adds, reorders and removes cards with the keyboard, and shows the mix', async () => {
    const user = renderBuilder();
    const add = await catalogLoaded();
    add.focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Add Sand Cat' }).focus();
    await user.keyboard('{Enter}');
    expect(deckNames()).toEqual(['Star 1', 'Sand Cat']);
    expect(document.querySelector('.builder-status')).toHaveTextContent('1 card added (2 of 18).');
    screen.getByRole('button', { name: 'Move Sand Cat up' }).focus();
    await user.keyboard('{Enter}');
    expect(deckNames()).toEqual(['Sand Cat', 'Star 1']);
    const mix = screen.getByLabelText('Deck mix');
    expect(mix).toHaveTextContent('Space: 1');
    expect(mix).toHaveTextContent('Life on Land: 1');
    expect(mix).toHaveTextContent('Rare: 1');
    screen.getByRole('button', { name: 'Remove Star 1' }).focus();
    await user.keyboard('{Enter}');
    expect(deckNames()).toEqual(['Sand Cat']);
  });

  it('takes a pasted list and names the lines it could not read', async () => {
    const user = renderBuilder();
    await catalogLoaded();
    await user.type(screen.getByLabelText('One card a line: name, code, or both'), 'sand cat{Enter}My sandwich');
    await user.click(screen.getByRole('button', { name: 'Add the pasted cards' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('My sandwich');
    expect(deckNames()).toEqual(['Sand Cat']);
    expect(JSON.parse(parseBodies[0])).toEqual({ text: 'sand cat\nMy sandwich' });
  });

  it('starts from a deck (Copy to the builder) or from an upload reading', async () => {
    renderBuilder('/decks/new?from=000000000000000000000003');
    expect(await screen.findByText('Started from Source deck.')).toBeInTheDocument();
    expect(deckNames()).toEqual(['Star 2', 'Sand Cat']);
  });

  it('starts from the codes of an upload reading', async () => {
    renderBuilder('/decks/new?codes=ORR014,SAS005');
    await screen.findByRole('list', { name: 'Deck cards' });
    expect(deckNames()).toEqual(['Caño Cristales', 'Star 5']);
  });

  it('publishes 18 cards without an image and opens the new deck', async () => {
    const user = renderBuilder();
    await catalogLoaded();
    await user.click(screen.getByRole('button', { name: 'Publish the deck' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.builder.needsFullDeck(18));
    // Clicks without the pointer events user-event simulates: the keyboard path is tested above.
    for (let i = 1; i <= 18; i++) fireEvent.click(screen.getByRole('button', { name: `Add Star ${i}` }));
    expect(screen.getByRole('button', { name: 'Add Sand Cat' })).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), 'Stars only');
    await user.type(screen.getByLabelText('Albums'), 'Space{Enter}');
    await user.click(screen.getByRole('button', { name: 'Publish the deck' }));
    expect(await screen.findByText('Deck page')).toBeInTheDocument();
    expect(posted!.get('image')).toBeNull();
    expect(posted!.get('title')).toBe('Stars only');
    expect(JSON.parse(posted!.get('albums') as string)).toEqual(['Space']);
    expect(JSON.parse(posted!.get('cardCodes') as string)).toEqual(
      Array.from({ length: 18 }, (_, i) => `SAS${String(i + 1).padStart(3, '0')}`),
    );
  });

  it("corrects a published deck's cards and code, saved through the deck's edit", async () => {
    const { client } = renderWithProviders(
      <MemoryRouter initialEntries={['/decks/000000000000000000000003/edit-cards']}>
        <Routes>
          <Route
            path="/decks/:id/edit-cards"
            element={<DeckBuilderPage canPublish editDeckId="000000000000000000000003" />}
          />
          <Route path="/decks/:id" element={<p>Deck page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: MESSAGES.decks.editCardsTitle('Source deck') });
    await catalogLoaded();
    expect(deckNames()).toEqual(['Star 2', 'Sand Cat']);
    // No publish form: the deck's title and categories are edited elsewhere.
    expect(screen.queryByRole('button', { name: 'Publish the deck' })).toBeNull();
    const code = screen.getByLabelText(MESSAGES.upload.deckCodeLabel);
    await user.click(screen.getByRole('button', { name: MESSAGES.decks.saveCards }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.upload.editNeedsFullDeck);
    for (let i = 3; i <= 18; i++) fireEvent.click(screen.getByRole('button', { name: `Add Star ${i}` }));
    await user.clear(code);
    await user.type(code, 'ab-12');
    await user.click(screen.getByRole('button', { name: MESSAGES.decks.saveCards }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.upload.deckCodeCharacters);
    expect(edited).toBeNull();
    await user.clear(code);
    await user.type(code, 'ab12cd');
    await user.click(screen.getByRole('button', { name: MESSAGES.decks.saveCards }));
    expect(await screen.findByText('Deck page')).toBeInTheDocument();
    expect(edited!.url).toBe('/api/decks/editdeck/000000000000000000000003');
    expect(edited!.body).toEqual({
      cards: ['Star 2', 'Sand Cat', ...Array.from({ length: 16 }, (_, i) => `Star ${i + 3}`)],
      cardCodes: ['SAS002', 'LCA020', ...Array.from({ length: 16 }, (_, i) => `SAS${String(i + 3).padStart(3, '0')}`)],
      deckcode: 'AB12CD',
    });
    // The deck page opens on the deck as saved, not on the one cached before the edit.
    expect(client.getQueryData<Deck>(deckQueryKey('000000000000000000000003'))?.deckcode).toBe('AB12CD');
  });

  it('asks a guest to sign in instead of showing the form', async () => {
    renderBuilder('/decks/new', false);
    expect(await screen.findByText('Sign in with a confirmed e-mail address to publish a deck.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish the deck' })).toBeNull();
  });
});
