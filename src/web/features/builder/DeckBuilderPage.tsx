// /decks/new: build a deck from the catalog without a screenshot. Search by name as you type
// (accents and case ignored), filter by album, collection and rarity, add up to 18 distinct cards,
// reorder and remove them (buttons, so the keyboard does all of it), paste a list, and publish:
// the server draws the deck's image from its cards. At /decks/{id}/edit-cards the same builder
// corrects a published deck's cards and deck code (issue 38), saved through the deck's edit.
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ALBUMS, COLLECTIONS, DECK_SIZE, RARITIES, albumOfCard, collectionCodeOf } from '../../../common/game';
import { MESSAGES } from '../../../common/messages';
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../../../common/limits';
import { normalizeName } from '../../../common/text';
import { createDeckSchema } from '../../../common/api/uploads';
import { AlbumSelect, CollectionSelect, TagSelect } from '../../components/CategorySelects';
import { useCards } from '../../components/api/list-cards';
import { useToast } from '../../components/use-toast';
import { DeckCodeField, deckCodeError } from '../../components/DeckCodeField';
import { useNearCopyConfirm } from '../../components/NearCopyDialog';
import { deckCodeOf } from '../../lib/deck-code';
import { useSession } from '../../lib/use-session';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import { DECKS_QUERY_KEY, deckQueryKey } from '../../lib/deck-cache';
import { deckSchema } from '../../../common/api/decks';
import { addCards, deckMix, moveCard, removeCard, type BuilderCard } from './builder-deck';
import { parseCardList, postBuiltDeck, saveDeckCards } from './api/builder-api';

/** Search results listed at once: type more to narrow the 5,000 cards down. */
const RESULTS_SHOWN = 30;

function Mix({ label, counts }: { label: string; counts: [string, number][] }) {
  return (
    <div className="builder-mix-group">
      <h3>{label}</h3>
      <ul>
        {counts.map(([value, n]) => (
          <li key={value}>
            {value}: {n}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface DeckBuilderPageProps {
  canPublish: boolean;
  /** Correct this published deck's cards and code instead of publishing a new deck. */
  editDeckId?: string;
}

export default function DeckBuilderPage({ canPublish, editDeckId }: DeckBuilderPageProps) {
  const ids = {
    deckcode: useId(),
    search: useId(),
    album: useId(),
    collection: useId(),
    rarity: useId(),
    paste: useId(),
    title: useId(),
    description: useId(),
    albums: useId(),
    collections: useId(),
    tags: useId(),
  };
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { data: catalog, isLoading } = useCards();
  const [deck, setDeck] = useState<BuilderCard[]>([]);
  const [query, setQuery] = useState('');
  const [album, setAlbum] = useState('');
  const [collection, setCollection] = useState('');
  const [rarity, setRarity] = useState('');
  const [pasted, setPasted] = useState('');
  const [unknownLines, setUnknownLines] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [form, setForm] = useState({
    title: '',
    description: '',
    albums: [] as string[],
    collections: [] as string[],
    tags: [] as string[],
  });
  const [deckcode, setDeckcode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [editedTitle, setEditedTitle] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const nearCopy = useNearCopyConfirm(user?.username ?? null);
  const pageTitle = editDeckId ? MESSAGES.decks.editCardsTitle(editedTitle ?? '…') : 'Build a deck';

  useEffect(() => {
    document.title = `${pageTitle} · Deckhub`;
  }, [pageTitle]);

  const cards = useMemo(
    () =>
      (catalog ?? []).map((card) => ({
        code: card.Code,
        name: card.Name,
        rarity: card.Rarity,
        key: normalizeName(card.Name),
        album: albumOfCard(card.Code) ?? '',
        collection: collectionCodeOf(card.Code),
      })),
    [catalog],
  );
  const rarityOf = useMemo(() => new Map(cards.map((card) => [card.code, card.rarity])), [cards]);

  // Start from a deck ("Copy to the builder": ?from=id) or from an upload's reading (?codes=A,B,...).
  // The deck corrected (edit mode) starts from its own cards and code.
  const from = editDeckId ?? params.get('from');
  const codesParam = params.get('codes');
  useEffect(() => {
    let cancelled = false;
    if (from) {
      apiRequest(`/api/decks/onedeck/${encodeURIComponent(from)}`, deckSchema)
        .then((source) => {
          if (cancelled) return;
          const list = (source.cardList ?? []).filter((c): c is { name: string; code: string } => c.code !== null);
          setDeck(addCards([], list).deck);
          if (editDeckId) {
            setEditedTitle(source.title);
            setDeckcode(deckCodeOf(source) ?? '');
          } else setStatus(`Started from ${source.title}.`);
        })
        .catch(() => !cancelled && setStatus('That deck could not be loaded.'));
    }
    return () => {
      cancelled = true;
    };
  }, [from, editDeckId]);
  // An upload's reading starts the deck once the catalog is loaded (state adjusted while rendering,
  // as React advises for state derived from props, rather than in an effect).
  const [startedFromCodes, setStartedFromCodes] = useState<string | null>(null);
  if (!from && codesParam && cards.length > 0 && startedFromCodes !== codesParam) {
    setStartedFromCodes(codesParam);
    const byCode = new Map(cards.map((card) => [card.code, card]));
    const list = codesParam
      .split(',')
      .map((code) => byCode.get(code))
      .filter((card) => card !== undefined);
    setDeck(addCards([], list).deck);
  }

  const results = useMemo(() => {
    const key = normalizeName(query);
    const inDeck = new Set(deck.map((c) => c.code));
    return cards
      .filter(
        (card) =>
          (key === '' || card.key.includes(key)) &&
          (album === '' || card.album === album) &&
          (collection === '' || card.collection === collection) &&
          (rarity === '' || card.rarity === rarity) &&
          !inDeck.has(card.code),
      )
      .slice(0, RESULTS_SHOWN);
  }, [cards, query, album, collection, rarity, deck]);

  const withRarity = (list: BuilderCard[]) => list.map((c) => ({ ...c, rarity: c.rarity ?? rarityOf.get(c.code) }));
  const add = (list: BuilderCard[]) => {
    const { deck: next, skipped } = addCards(deck, withRarity(list));
    setDeck(next);
    const added = next.length - deck.length;
    setStatus(
      `${added} card${added === 1 ? '' : 's'} added (${next.length} of ${DECK_SIZE}).` +
        (skipped.length > 0 && next.length >= DECK_SIZE ? ` ${MESSAGES.builder.deckFull(DECK_SIZE)}` : ''),
    );
  };
  const mix = deckMix(withRarity(deck));

  const readPasted = async () => {
    try {
      const answer = await parseCardList(pasted);
      setUnknownLines(answer.unknown);
      add(answer.cards);
    } catch (caught) {
      setStatus(caught instanceof ApiRequestError ? caught.message : String(caught));
    }
  };

  /** The deck code's problem shown under its field, and whether the code may be sent. */
  const checkCode = () => {
    const problem = deckCodeError(deckcode);
    setCodeError(problem);
    return problem === null;
  };

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    const cardCodes = deck.map((c) => c.code);
    const parsed = createDeckSchema.safeParse({ ...form, cards: deck.map((c) => c.name), cardCodes, deckcode });
    if (!checkCode()) return;
    if (deck.length !== DECK_SIZE) return setError(MESSAGES.builder.needsFullDeck(DECK_SIZE));
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid form.');
    setBusy(true);
    try {
      // A copy of a public deck (all its cards, or its deck code) is published only once confirmed.
      if (!(await nearCopy.confirmPublish(cardCodes, parsed.data.deckcode))) return;
      const published = await postBuiltDeck({ ...form, cardCodes, deckcode: parsed.data.deckcode });
      await queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY });
      toast(MESSAGES.upload.success, 'success');
      await navigate(`/decks/${published._id}`);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : MESSAGES.upload.failure);
    } finally {
      setBusy(false);
    }
  };

  const saveCards = async (event: FormEvent) => {
    event.preventDefault();
    if (!editDeckId) return;
    setError('');
    if (!checkCode()) return;
    if (deck.length !== DECK_SIZE) return setError(MESSAGES.upload.editNeedsFullDeck);
    setBusy(true);
    try {
      const saved = await saveDeckCards(editDeckId, { cards: deck, deckcode: deckcode.trim() });
      // The deck page opens on the deck as saved. Invalidating alone left it showing the cached
      // deck, old code and cards, until its refetch came back (seconds on a loaded machine).
      queryClient.setQueryData(deckQueryKey(editDeckId), saved);
      await queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY });
      toast(MESSAGES.decks.cardsSaved, 'success');
      await navigate(`/decks/${editDeckId}`);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : MESSAGES.upload.failure);
    } finally {
      setBusy(false);
    }
  };

  const codeField = (
    <DeckCodeField
      id={ids.deckcode}
      value={deckcode}
      onChange={(code) => {
        setDeckcode(code);
        if (codeError) setCodeError(deckCodeError(code));
      }}
      error={codeError}
    />
  );
  const errorLine = error && (
    <p className="field-error" role="alert">
      {error}
    </p>
  );

  return (
    <article className="page builder-page" aria-labelledby="builder-title">
      <h1 id="builder-title">{pageTitle}</h1>
      <p className="muted">
        Pick {DECK_SIZE} cards from the catalog, or paste a list.
        {editDeckId
          ? ' The list it replaces stays in the deck’s history.'
          : ' Without a screenshot, the site draws the deck’s image.'}
      </p>
      <p role="status" className="builder-status">
        {status}
      </p>
      <div className="builder-layout">
        <section aria-labelledby="builder-search-title" className="builder-search">
          <h2 id="builder-search-title">Find cards</h2>
          <label htmlFor={ids.search}>Card name</label>
          <input
            id={ids.search}
            type="search"
            value={query}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
          />
          <div className="builder-filters">
            <label htmlFor={ids.album}>Album</label>
            <select id={ids.album} value={album} onChange={(event) => setAlbum(event.target.value)}>
              <option value="">Any album</option>
              {ALBUMS.map((a) => (
                <option key={a.name}>{a.name}</option>
              ))}
            </select>
            <label htmlFor={ids.collection}>Collection</label>
            <select id={ids.collection} value={collection} onChange={(event) => setCollection(event.target.value)}>
              <option value="">Any collection</option>
              {COLLECTIONS.filter((c) => album === '' || c.album === album).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
            <label htmlFor={ids.rarity}>Rarity</label>
            <select id={ids.rarity} value={rarity} onChange={(event) => setRarity(event.target.value)}>
              <option value="">Any rarity</option>
              {RARITIES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </div>
          {isLoading ? (
            <p className="loading">Loading the catalog...</p>
          ) : (
            // Focusable: it scrolls, and once the deck is full its Add buttons are all disabled, leaving
            // the keyboard no other way into it (axe: scrollable-region-focusable).
            <ul className="builder-results" aria-label="Matching cards" tabIndex={0}>
              {results.map((card) => (
                <li key={card.code}>
                  <span>
                    {card.name} <code>{card.code}</code> <span className="muted">{card.rarity}</span>
                  </span>
                  <button
                    type="button"
                    disabled={deck.length >= DECK_SIZE}
                    aria-label={`Add ${card.name}`}
                    onClick={() => add([card])}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
          <h2>Paste a list</h2>
          <label htmlFor={ids.paste}>One card a line: name, code, or both</label>
          <textarea id={ids.paste} rows={5} value={pasted} onChange={(event) => setPasted(event.target.value)} />
          <button type="button" onClick={readPasted} disabled={pasted.trim() === ''}>
            Add the pasted cards
          </button>
          {unknownLines.length > 0 && (
            <div role="alert" className="field-error">
              Not found in the catalog:
              <ul>
                {unknownLines.map((line, i) => (
                  <li key={`${line}-${i}`}>{line}</li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <section aria-labelledby="builder-deck-title" className="builder-deck">
          <h2 id="builder-deck-title">
            Your deck ({deck.length} of {DECK_SIZE})
          </h2>
          {deck.length === 0 ? (
            <p className="empty">No cards yet.</p>
          ) : (
            <ol className="builder-cards" aria-label="Deck cards">
              {deck.map((card, i) => (
                <li key={card.code}>
                  <span>
                    {card.name} <code>{card.code}</code>
                  </span>
                  <span className="builder-card-actions">
                    <button
                      type="button"
                      aria-label={`Move ${card.name} up`}
                      disabled={i === 0}
                      onClick={() => setDeck(moveCard(deck, i, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      aria-label={`Move ${card.name} down`}
                      disabled={i === deck.length - 1}
                      onClick={() => setDeck(moveCard(deck, i, 1))}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove ${card.name}`}
                      onClick={() => setDeck(removeCard(deck, card.code))}
                    >
                      ×
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          {deck.length > 0 && (
            <div className="builder-mix" aria-label="Deck mix">
              <Mix label="Albums" counts={mix.albums} />
              <Mix label="Collections" counts={mix.collections} />
              <Mix label="Rarities" counts={mix.rarities} />
            </div>
          )}

          {editDeckId ? (
            <form className="builder-form" onSubmit={saveCards} noValidate>
              {codeField}
              {errorLine}
              <button type="submit" className="primary" disabled={busy}>
                {MESSAGES.decks.saveCards}
              </button>
            </form>
          ) : (
            <h2>Publish</h2>
          )}
          {editDeckId ? null : !canPublish ? (
            <p>Sign in with a confirmed e-mail address to publish a deck.</p>
          ) : (
            <form className="builder-form" onSubmit={publish} noValidate>
              <label htmlFor={ids.title}>Title</label>
              <input
                id={ids.title}
                value={form.title}
                maxLength={MAX_TITLE_LENGTH}
                onChange={(event) => setForm({ ...form, title: event.target.value })}
              />
              {codeField}
              <fieldset className="upload-categories">
                <legend>Categories</legend>
                <label htmlFor={ids.albums}>Albums</label>
                <AlbumSelect
                  inputId={ids.albums}
                  value={form.albums}
                  onChange={(albums) => setForm({ ...form, albums })}
                />
                <label htmlFor={ids.collections}>Collections</label>
                <CollectionSelect
                  inputId={ids.collections}
                  value={form.collections}
                  onChange={(collections) => setForm({ ...form, collections })}
                />
                <label htmlFor={ids.tags}>Tags</label>
                <TagSelect inputId={ids.tags} value={form.tags} onChange={(tags) => setForm({ ...form, tags })} />
              </fieldset>
              <label htmlFor={ids.description}>Description</label>
              <textarea
                id={ids.description}
                rows={3}
                maxLength={MAX_DESCRIPTION_LENGTH}
                value={form.description}
                onChange={(event) => setForm({ ...form, description: event.target.value })}
              />
              {errorLine}
              <button type="submit" className="primary" disabled={busy}>
                Publish the deck
              </button>
            </form>
          )}
          <p>
            {editDeckId ? (
              <Link to={`/decks/${editDeckId}`}>Back to the deck</Link>
            ) : (
              <Link to="/decks">Back to the decks</Link>
            )}
          </p>
          {nearCopy.dialog}
        </section>
      </div>
    </article>
  );
}
