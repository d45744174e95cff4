import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { DECKS_PER_PAGE } from '../../../common/game';
import { MESSAGES } from '../../../common/messages';
import type { CardPage as CardPageData } from '../../../common/api/cards';
import { Bar } from '../../components/charts';
import { DeckGrid } from '../../components/DeckGrid';
import { Pagination } from '../../components/Pagination';
import { TagPills } from '../../components/TagPills';
import { pageCount } from '../../components/page-items';
import { ApiRequestError } from '../../lib/api-client';
import { formatPercent, formatPointChange } from '../../lib/percent';
import { usePageParam } from '../../lib/use-page-param';
import { useCard, useCardDecks } from './api/get-card';
import './cards.css';

/** This week's and last week's share of decks, as numbers and as two bars on one scale. */
function WeeklyShare({ card }: { card: CardPageData }) {
  const weeks = [
    { name: 'This week', share: card.thisWeek },
    { name: 'Last week', share: card.lastWeek },
  ];
  const top = Math.max(card.thisWeek.rate, card.lastWeek.rate);
  return (
    <dl className="card-weeks">
      {weeks.map(({ name, share }) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>
            <strong>{formatPercent(share.rate)}</strong>{' '}
            <Bar value={share.rate} max={top} label={`${name}: ${formatPercent(share.rate)} of decks`} />{' '}
            <span className="muted">
              {share.decks} of {share.totalDecks} decks
            </span>
          </dd>
        </div>
      ))}
      <div>
        <dt>Change</dt>
        <dd>{formatPointChange(card.thisWeek.rate - card.lastWeek.rate)}</dd>
      </div>
    </dl>
  );
}

function PlayedWith({ card }: { card: CardPageData }) {
  const { sampleDecks, cards } = card.playedWith;
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="played-with-title">
      <h2 id="played-with-title">Played most with it</h2>
      <p className="muted">In its {sampleDecks === 1 ? 'only deck' : `${sampleDecks} newest decks`}.</p>
      <ol className="played-with">
        {cards.map((other) => (
          <li key={other.code}>
            <Link to={`/cards/${encodeURIComponent(other.code)}`}>{other.name}</Link>{' '}
            <Bar value={other.decks} max={sampleDecks} label={`in ${other.decks} of ${sampleDecks} decks`} width={90} />{' '}
            <span className="muted">{formatPercent(other.decks / sampleDecks)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TopDecks({ code, name }: { code: string; name: string }) {
  const [page, goToPage] = usePageParam();
  const { data, isLoading } = useCardDecks(code, page);
  return (
    <section aria-labelledby="card-decks-title">
      <h2 id="card-decks-title">Top decks with {name}</h2>
      {isLoading ? (
        <p className="loading">{MESSAGES.decks.loading}</p>
      ) : !data || data.decks.length === 0 ? (
        <p className="empty">{MESSAGES.decks.none}</p>
      ) : (
        <DeckGrid decks={data.decks} />
      )}
      {data && (
        <Pagination
          page={page}
          pageCount={pageCount(data.totalDecks, DECKS_PER_PAGE)}
          onPageChange={goToPage}
          label={`Pages of decks with ${name}`}
        />
      )}
    </section>
  );
}

/** /cards/{code}: a card, how much it is played this week and last, with what, and its top decks. */
export default function CardPage() {
  const { code = '' } = useParams();
  const { data: card, isLoading, error } = useCard(code);
  useEffect(() => {
    document.title = `${card?.name ?? code} · Deckhub`;
  }, [card, code]);
  if (isLoading) return <p className="loading">Loading card...</p>;
  if (!card) {
    const isMissing = error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
    return (
      <section className="page">
        <h1>{isMissing ? 'Card not found' : 'The card could not be loaded'}</h1>
        <p>
          <Link to="/meta">See the most played cards</Link>
        </p>
      </section>
    );
  }
  return (
    <article className="page card-page" aria-labelledby="card-title">
      <h1 id="card-title">{card.name}</h1>
      <p className="card-facts">
        <code>{card.code}</code> · {card.rarity}
        {card.type ? ` · ${card.type}` : ''}
      </p>
      <div className="deck-categories">
        {card.album && <TagPills kind="album" values={[card.album]} label="Album" />}
        <TagPills kind="collection" values={[card.collection.code]} label="Collection" />
      </div>
      <p className="card-total">
        In <strong>{card.decks}</strong> of {card.totalDecks} decks (
        {formatPercent(card.totalDecks > 0 ? card.decks / card.totalDecks : 0)}).
      </p>
      <WeeklyShare card={card} />
      <PlayedWith card={card} />
      <TopDecks code={card.code} name={card.name} />
    </article>
  );
}
