// The 'Cards Detected' list of the review step: each card with how sure the reader was, and ways
// to fix a wrong reading (pick an alternative, type a name, remove it) or add a missed card.
import { useState } from 'react';
import { DECK_SIZE } from '../../../common/game';
import { CardNameInput } from './CardNameInput';
import { NewCardRow } from './NewCardRow';
import { LOW_CONFIDENCE, chooseCard, newReviewCard, type ReviewCard } from './deck-form';

interface DetectedCardListProps {
  cards: ReviewCard[];
  onChange(cards: ReviewCard[]): void;
  /** Id of the list's error text, for aria-describedby. */
  errorId?: string;
}

/** The reader's confidence in words: a bare "95%" after a card name says nothing of what it measures. */
const sureness = (confidence: number) => `${Math.round(confidence * 100)}% sure`;

function CardRow({
  card,
  position,
  onReplace,
  onRemove,
}: {
  card: ReviewCard;
  position: number;
  onReplace(card: ReviewCard): void;
  onRemove(): void;
}) {
  const [isEditing, setEditing] = useState(false);
  const isUnsure = card.confidence !== null && card.confidence < LOW_CONFIDENCE;
  return (
    <li className={`detected-card${isUnsure ? ' unsure' : ''}`} data-testid="detected-card">
      <div className="detected-card-main">
        <span className="detected-card-position" aria-hidden="true">
          {position}.
        </span>
        {/* A new tab, so the review in this dialog stays as it is. */}
        <a
          className="detected-card-name"
          href={`/cards/${encodeURIComponent(card.code)}`}
          target="_blank"
          rel="noopener"
          title={`${card.name}: its card page, in a new tab`}
        >
          {card.name}
        </a>
        <span className="detected-card-code">{card.code}</span>
        <span className="detected-card-confidence" title="How sure the card reader is that it read this card right">
          {card.confidence === null
            ? 'chosen by you'
            : `Reader: ${sureness(card.confidence)}${isUnsure ? ' – please check' : ''}`}
        </span>
      </div>
      <div className="detected-card-actions">
        {card.alternatives.length > 0 && (
          <select
            aria-label={`Replace ${card.name} with`}
            value=""
            onChange={(event) => {
              const choice = card.alternatives.find((a) => a.code === event.target.value);
              if (choice) onReplace(chooseCard(card, choice));
            }}
          >
            <option value="">Replace with…</option>
            {card.alternatives.map((a) => (
              <option key={a.code} value={a.code}>
                {a.name} ({a.code}, {sureness(a.confidence)})
              </option>
            ))}
          </select>
        )}
        {!isEditing && (
          // The name starts with the visible "Edit", so a voice command saying what it sees finds it (axe: label-content-name-mismatch).
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={`Edit: type another name for ${card.name}`}
          >
            Edit
          </button>
        )}
        <button type="button" className="danger" onClick={onRemove} aria-label={`Remove ${card.name}`}>
          Remove
        </button>
      </div>
      {isEditing && (
        <CardNameInput
          label={`New name for ${card.name}`}
          actionLabel="Replace"
          autoFocus
          onPick={(choice) => {
            setEditing(false);
            onReplace(chooseCard(card, choice));
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </li>
  );
}

export function DetectedCardList({ cards, onChange, errorId }: DetectedCardListProps) {
  const replace = (index: number, card: ReviewCard) => onChange(cards.map((c, i) => (i === index ? card : c)));
  return (
    <div className="detected-cards" aria-describedby={errorId}>
      <ol className="detected-card-list" aria-label="Cards Detected">
        {cards.map((card, index) => {
          const Row = card.isNew ? NewCardRow : CardRow;
          return (
            <Row
              key={card.key}
              card={card}
              position={index + 1}
              onReplace={(next) => replace(index, next)}
              onRemove={() => onChange(cards.filter((_, i) => i !== index))}
            />
          );
        })}
      </ol>
      {cards.length < DECK_SIZE ? (
        <CardNameInput
          label="Add a card"
          actionLabel="Add card"
          onPick={(choice) => onChange([...cards, newReviewCard(choice)])}
        />
      ) : (
        <p className="muted">The list is full: a deck has {DECK_SIZE} cards. Remove one to add another.</p>
      )}
    </div>
  );
}
