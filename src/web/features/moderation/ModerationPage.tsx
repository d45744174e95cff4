import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ModerationAction, QueueItem } from '../../../common/api/moderation';
import { MESSAGES } from '../../../common/messages';
import { useToast } from '../../components/use-toast';
import { ApiRequestError } from '../../lib/api-client';
import { useModerate, useModerationQueue } from './api/moderation-queue';
import './moderation.css';

const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Past tense of each action, for the log. */
const DONE: Record<ModerationAction, string> = { hide: 'hid', restore: 'restored', dismiss: 'dismissed the reports of' };

function QueueEntry({ item }: { item: QueueItem }) {
  const moderate = useModerate();
  const toast = useToast();
  const run = (action: ModerationAction) =>
    moderate.mutate(
      { itemType: item.itemType, itemId: item.itemId, action },
      { onSuccess: () => toast(`The ${item.itemType} was ${action === 'hide' ? 'hidden' : action === 'restore' ? 'restored' : 'left as it is'}.`, 'success'), onError: (error) => toast(error.message, 'error') },
    );
  const headingId = `queue-${item.itemType}-${item.itemId}`;
  return (
    <li className={`queue-item${item.isHidden ? ' is-hidden' : ''}`} aria-labelledby={headingId}>
      <div className="queue-item-head">
        <span className="queue-kind">{item.itemType === 'deck' ? 'Deck' : 'Comment'}</span>
        <h3 id={headingId}>
          <Link to={`/decks/${item.itemId === item.deckId ? item.itemId : item.deckId}`}>{item.itemType === 'deck' ? item.text : `Comment by ${item.author}`}</Link>
        </h3>
        {item.isHidden && <span className="hidden-badge">Hidden</span>}
      </div>
      {item.itemType === 'deck' ? <p className="muted">by {item.author}</p> : <div className="comment-text" dangerouslySetInnerHTML={{ __html: item.html ?? '' }} />}
      {item.reports.length > 0 && (
        <ul className="queue-reports" aria-label="Reports">
          {item.reports.map((report) => (
            <li key={`${report.username}-${report.createdAt}`}>
              <strong>{report.username}</strong>: {report.reason} <time dateTime={report.createdAt}>{formatTime(report.createdAt)}</time>
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
        {item.reports.length > 0 && (
          <button type="button" onClick={() => run('dismiss')} disabled={moderate.isPending}>
            Dismiss reports
          </button>
        )}
      </div>
    </li>
  );
}

/** /moderation: the reported and hidden decks and comments, the actions on them, and the log. */
export default function ModerationPage() {
  const { data, isLoading, error } = useModerationQueue();
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
      <h2>Queue</h2>
      {isLoading ? (
        <p className="loading">Loading…</p>
      ) : error ? (
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
      ) : !data || data.items.length === 0 ? (
        <p className="empty">{MESSAGES.moderation.emptyQueue}</p>
      ) : (
        <ul className="queue">
          {data.items.map((item) => (
            <QueueEntry key={`${item.itemType}-${item.itemId}`} item={item} />
          ))}
        </ul>
      )}
      <h2>Log</h2>
      {data && data.log.length > 0 ? (
        <ol className="moderation-log" aria-label="Moderation log">
          {data.log.map((entry, i) => (
            <li key={`${entry.createdAt}-${i}`}>
              <time dateTime={entry.createdAt}>{formatTime(entry.createdAt)}</time> {entry.moderator ?? 'A former moderator'} {DONE[entry.action]} {entry.itemType}{' '}
              <code>{entry.itemId}</code>
            </li>
          ))}
        </ol>
      ) : (
        data && <p className="empty">Nothing done yet.</p>
      )}
    </section>
  );
}
