// The moderation page's "New cards from screenshots" (issue #36): cards the reader found on tiles
// that the catalog lacks, with the code and name read, how often uploads saw them and the tiles
// themselves, to approve into the catalog or reject.
import type { CardProposal } from '../../../common/api/moderation';
import { MESSAGES } from '../../../common/messages';
import { useToast } from '../../components/use-toast';
import { useCardProposals, useDecideProposal } from './api/card-proposals';

const times = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function ProposalEntry({ proposal }: { proposal: CardProposal }) {
  const decide = useDecideProposal();
  const toast = useToast();
  const headingId = `proposal-${proposal.id}`;
  const run = (verb: 'approve' | 'reject') =>
    decide.mutate(
      { id: proposal.id, verb },
      {
        onSuccess: (decision) =>
          toast(
            decision.status === 'approved'
              ? MESSAGES.moderation.proposalApproved(decision.code, decision.name)
              : MESSAGES.moderation.proposalRejected(decision.code),
            'success',
          ),
        onError: (error) => toast(error.message, 'error'),
      },
    );
  return (
    <li className="queue-item proposal" aria-labelledby={headingId}>
      <div className="queue-item-head">
        <span className="queue-kind">{proposal.code}</span>
        <h3 id={headingId}>{proposal.name}</h3>
      </div>
      <p className="queue-counts muted">
        Seen in {times(proposal.seenCount, 'upload', 'uploads')}, in {times(proposal.deckCount, 'deck', 'decks')}
      </p>
      {proposal.examples.length > 0 && (
        <ul className="proposal-examples" aria-label={`Tiles showing ${proposal.name}`}>
          {proposal.examples.map((url, i) => (
            <li key={url}>
              <img src={url} alt={`Tile ${i + 1} read as ${proposal.code} ${proposal.name}`} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
      <div className="queue-actions">
        <button
          type="button"
          className="primary"
          onClick={() => run('approve')}
          disabled={decide.isPending}
          aria-label={`Approve ${proposal.code} ${proposal.name}`}
        >
          Approve
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => run('reject')}
          disabled={decide.isPending}
          aria-label={`Reject ${proposal.code} ${proposal.name}`}
        >
          Reject
        </button>
      </div>
    </li>
  );
}

export function CardProposals() {
  const { data, isLoading, error } = useCardProposals();
  return (
    <section aria-labelledby="card-proposals-title">
      <h2 id="card-proposals-title">{MESSAGES.moderation.proposalsTitle}</h2>
      {isLoading ? (
        <p className="loading">Loading…</p>
      ) : error ? (
        <p role="alert">{error instanceof Error ? error.message : String(error)}</p>
      ) : !data || data.proposals.length === 0 ? (
        <p className="empty">{MESSAGES.moderation.noProposals}</p>
      ) : (
        <ul className="queue">
          {data.proposals.map((proposal) => (
            <ProposalEntry key={proposal.id} proposal={proposal} />
          ))}
        </ul>
      )}
    </section>
  );
}
