import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  QUEUE_ITEMS_PER_PAGE,
  type ModerationAction,
  type ModerationLogEntry,
  type QueueItem,
} from '../../../common/api/moderation';
import { MESSAGES } from '../../../common/messages';
import { Pagination } from '../../components/Pagination';
import { useToast } from '../../components/use-toast';
import { ApiRequestError } from '../../lib/api-client';
import { useModerate, useModerationQueue } from './api/moderation-queue';
import { CardProposals } from './CardProposals';
import './moderation.css';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Past tense of each action, for the log. */
const DONE: Record<ModerationAction, string> = {
  hide: 'hid',
  restore: 'restored',
  dismiss: 'dismissed the reports of',
};

function QueueEntry({ item }: { item: QueueItem }) {
  const moderate = useModerate();
  const toast = useToast();
  const run = (action: ModerationAction) =>
    moderate.mutate(
      { itemType: item.itemType, itemId: item.itemId, action },
      {
        onSuccess: () =>
          toast(
            `The ${item.itemType} was ${action === 'hide' ? 'hidden' : action === 'restore' ? 'restored' : 'left as it is'}.`,
            'success',
          ),
        onError: (error) => toast(error.message, 'error'),
      },
    );
  const headingId = `queue-${item.itemType}-${item.itemId}`;
  return (
    <li className={`queue-item${item.isHidden ? ' is-hidden' : ''}`} aria-labelledby={headingId}>
      <div className="queue-item-head">
        <span className="queue-kind">{item.itemType === 'deck' ? 'Deck' : 'Comment'}</span>
        <h3 id={headingId}>
          <Link to={`/decks/${item.itemId === item.deckId ? item.itemId : item.deckId}`}>
            {item.itemType === 'deck' ? item.text : `Comment by ${item.author}`}
          </Link>
        </h3>
        {item.isHidden && <span className="hidden-badge">Hidden</span>}
      </div>
      {item.itemType === 'deck' ? (
        <p className="muted">by {item.author}</p>
      ) : (
        <div className="comment-text" dangerouslySetInnerHTML={{ __html: item.html ?? '' }} />
      )}
      {item.reportCount > 0 && (
        <p className="queue-counts muted">
          {reportCounts(item)}
          {item.firstReportedAt && (
            <>
              {', first '}
              <time dateTime={item.firstReportedAt}>{formatTime(item.firstReportedAt)}</time>
            </>
          )}
        </p>
      )}
      {item.reports.length > 0 && (
        <ul className="queue-reports" aria-label="Reports">
          {item.reports.map((report) => (
            <li key={`${report.username}-${report.createdAt}`}>
              <strong>{report.username}</strong>
              {report.isNewAccount && <span className="new-account"> (new account)</span>}: {report.reason}{' '}
              <time dateTime={report.createdAt}>{formatTime(report.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
      <div className="queue-actions">
        {item.isHidden ? (
          <button type="button" onClick={() => run('restore')} disabled={moderate.isPending}>
            Restore
          </button>
        ) : (
          <button type="button" className="danger" onClick={() => run('hide')} disabled={moderate.isPending}>
            Hide
          </button>
        )}
        {item.reportCount > 0 && (
          <button type="button" onClick={() => run('dismiss')} disabled={moderate.isPending}>
            Dismiss reports
          </button>
        )}
      </div>
    </li>
  );
}

/** What a log line is about, in words: the deck's title, linked; a comment names the deck it is on. */
function logItem(entry: ModerationLogEntry) {
  if (entry.deckId === null || entry.deckTitle === null) return `a ${entry.itemType} since deleted`;
  const deck = <Link to={`/decks/${entry.deckId}`}>{entry.deckTitle}</Link>;
  return entry.itemType === 'deck' ? <>the deck {deck}</> : <>a comment on {deck}</>;
}

/** "27 reports, 1 from an established account": new accounts' reports count for less in the order. */
function reportCounts(item: QueueItem): string {
  const reports = `${item.reportCount} report${item.reportCount === 1 ? '' : 's'}`;
  const established = item.establishedReportCount;
  return `${reports}, ${established === 0 ? 'none' : established} from ${established === 1 ? 'an established account' : 'established accounts'}`;
}

/** /moderation?page=N: the reported and hidden decks and comments a page at a time, the actions on them, and the log. */
export default function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { data, isLoading, error } = useModerationQueue(page);
  const pageCount = data ? Math.ceil(data.totalItems / QUEUE_ITEMS_PER_PAGE) : 0;
  useEffect(() => {
    document.title = 'Moderation · Deckhub';
  }, []);
  const isRefused = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
  if (isRefused) {
    return (
      <section className="page">
        <h1>Moderation</h1>
        <p className="empty">Only moderators can see this page.</p>
      </section>
    );
  }
  return (
    <section className="page moderation-page" aria-labelledby="moderation-title">
      <h1 id="moderation-title">Moderation</h1>
      <p>
        <Link to="/moderation/recognition">Recognition: how well screenshots are read</Link>
      </p>
      <h2>Queue</h2>
      {isLoading ? (
        <p className="loading">Loading…</p>
      ) : error ? (
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
      ) : !data || data.totalItems === 0 ? (
        <p className="empty">{MESSAGES.moderation.emptyQueue}</p>
      ) : (
        <>
          <p className="muted">
            {data.totalItems} item{data.totalItems === 1 ? '' : 's'}: reported by established accounts first, then by
            new accounts only, oldest report first; then hidden items.
          </p>
          <ul className="queue">
            {data.items.map((item) => (
              <QueueEntry key={`${item.itemType}-${item.itemId}`} item={item} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            label="Queue pages"
          />
        </>
      )}
      <CardProposals />
      <h2>Log</h2>
      {data && data.log.length > 0 ? (
        <ol className="moderation-log" aria-label="Moderation log">
          {data.log.map((entry, i) => (
            <li key={`${entry.createdAt}-${i}`}>
              <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time>{' '}
              {entry.moderator ?? 'A former moderator'} {DONE[entry.action]} {logItem(entry)}
            </li>
          ))}
        </ol>
      ) : (
        data && <p className="empty">Nothing done yet.</p>
      )}
    </section>
  );
}
