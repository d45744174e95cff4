// /moderation/recognition: how well the reader reads what players upload (issue #36), from the
// readings kept at upload and the corrections their uploaders made before publishing.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { cardAccuracy, type RecognitionFigures } from '../../../common/api/recognition';
import { ApiRequestError } from '../../lib/api-client';
import { AccuracyChart, percent } from './AccuracyChart';
import { useRecognition } from './api/recognition';
import './moderation.css';

const accuracyOf = (figures: RecognitionFigures) => {
  const share = cardAccuracy(figures);
  return share === null ? '–' : percent(share);
};
const ms = (value: number | null) => (value === null ? '–' : `${Math.round(value)} ms`);

function Totals({ totals }: { totals: RecognitionFigures }) {
  const rows: [string, string][] = [
    ['Uploads read', String(totals.uploads)],
    ['Published', String(totals.published)],
    ['Cards read (published)', String(totals.cardsRead)],
    ['Cards changed', String(totals.cardsChanged)],
    ['Cards read right', accuracyOf(totals)],
    ['Deck codes changed', String(totals.codesChanged)],
    ['Median read time', ms(totals.medianReadMs)],
  ];
  return (
    <dl className="recognition-totals">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function RecognitionPage() {
  const { data, isLoading, error } = useRecognition();
  useEffect(() => {
    document.title = 'Recognition · Moderation · Deckhub';
  }, []);
  if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
    return (
      <section className="page">
        <h1>Recognition</h1>
        <p className="empty">Only moderators can see this page.</p>
      </section>
    );
  }
  return (
    <section className="page moderation-page" aria-labelledby="recognition-title">
      <p>
        <Link to="/moderation">← Moderation</Link>
      </p>
      <h1 id="recognition-title">Recognition</h1>
      <p className="muted">
        How well deck screenshots are read: each upload's reading against what its player published. Readings never
        published are kept for a day.
      </p>
      {isLoading ? (
        <p className="loading">Loading…</p>
      ) : error ? (
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
      ) : data ? (
        <>
          <h2>Totals</h2>
          <Totals totals={data.totals} />

          <h2>Cards read right, by week</h2>
          <AccuracyChart weekly={data.weekly} />
          <div className="recognition-scroll" role="region" aria-label="Figures by game week" tabIndex={0}>
            <table className="recognition-table">
              <caption className="visually-hidden">Figures by game week</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Uploads</th>
                  <th scope="col">Published</th>
                  <th scope="col">Cards read</th>
                  <th scope="col">Changed</th>
                  <th scope="col">Read right</th>
                  <th scope="col">Codes changed</th>
                  <th scope="col">Median time</th>
                </tr>
              </thead>
              <tbody>
                {[...data.weekly].reverse().map((week) => (
                  <tr key={week.week}>
                    <th scope="row">
                      <time dateTime={week.week}>{new Date(week.week).toLocaleDateString()}</time>
                    </th>
                    <td>{week.uploads}</td>
                    <td>{week.published}</td>
                    <td>{week.cardsRead}</td>
                    <td>{week.cardsChanged}</td>
                    <td>{accuracyOf(week)}</td>
                    <td>{week.codesChanged}</td>
                    <td>{ms(week.medianReadMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h2>Confusions</h2>
          {data.confusions.length === 0 ? (
            <p className="empty">No card was corrected yet.</p>
          ) : (
            <div className="recognition-scroll" role="region" aria-label="Confusions" tabIndex={0}>
              <table className="recognition-table">
                <caption className="visually-hidden">Cards read as one card and published as another</caption>
                <thead>
                  <tr>
                    <th scope="col">Read as</th>
                    <th scope="col">Published as</th>
                    <th scope="col">Times</th>
                  </tr>
                </thead>
                <tbody>
                  {data.confusions.map((c) => (
                    <tr key={`${c.read.code}-${c.published.code}`}>
                      <td>
                        <Link to={`/cards/${encodeURIComponent(c.read.code)}`}>{c.read.name}</Link>{' '}
                        <span className="muted">{c.read.code}</span>
                      </td>
                      <td>
                        <Link to={`/cards/${encodeURIComponent(c.published.code)}`}>{c.published.name}</Link>{' '}
                        <span className="muted">{c.published.code}</span>
                      </td>
                      <td>{c.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}

          <h2>Most corrected decks</h2>
          {data.mostCorrected.length === 0 ? (
            <p className="empty">No published deck was corrected yet.</p>
          ) : (
            <ol className="recognition-decks">
              {data.mostCorrected.map((deck) => (
                <li key={deck.deckId}>
                  <Link to={`/decks/${deck.deckId}`}>{deck.title}</Link>{' '}
                  <span className="muted">
                    {deck.cardCorrections} card{deck.cardCorrections === 1 ? '' : 's'} corrected
                    {deck.codeChanged ? ', deck code changed' : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}
