import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MAX_COMMENT_LENGTH, type Comment } from '../../../common/api/comments';
import { MESSAGES } from '../../../common/messages';
import { ConfirmDialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import { useComments } from './api/get-comments';
import { useCreateComment } from './api/create-comment';
import { useDeleteComment } from './api/delete-comment';

/** How long the 'Comment added!' banner stays, in ms. */
export const COMMENT_BANNER_MS = 3000;

interface CommentSectionProps {
  deckId: string;
  /** The signed-in user's name, or null for a guest; only their own comments get a delete icon. */
  username: string | null;
  /** Only users with an e-mail comment. */
  canComment: boolean;
  /** Extra controls on each comment (the report button of the moderation feature). */
  renderActions?: (comment: Comment) => ReactNode;
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7z" fill="currentColor" />
    </svg>
  );
}

function CommentForm({ deckId, username }: { deckId: string; username: string }) {
  const [text, setText] = useState('');
  const create = useCreateComment(deckId);
  const toast = useToast();
  const fieldId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    create.mutate(
      { username, comment: text.trim() },
      {
        onSuccess: () => {
          setText('');
          // A toast, where the eye is: the form is at the foot of a long page, often below the fold.
          toast(MESSAGES.comments.added, 'success', { durationMs: COMMENT_BANNER_MS, progress: true });
        },
        onError: (error) => toast(error.message, 'error'),
        // The Post button is disabled while posting, which drops the focus to <body>: it goes back
        // to the comment box, ready for another comment (or to fix this one after a refusal).
        onSettled: () => box.current?.focus(),
      },
    );
  };
  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor={fieldId}>Add a comment</label>
      <p className="field-hint" id={`${fieldId}-hint`}>
        Markdown: *emphasis*, **bold**, [links](https://…), lists, `code`, and [[Card Name]] to link a card.
      </p>
      <textarea
        ref={box}
        id={fieldId}
        aria-describedby={`${fieldId}-hint`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MAX_COMMENT_LENGTH}
        rows={3}
        required
      />
      <div className="comment-form-actions">
        <button type="submit" className="primary" disabled={create.isPending || !text.trim()}>
          {create.isPending ? 'Posting…' : 'Post Comment'}
        </button>
      </div>
    </form>
  );
}

/** A deck's comments: read by anyone, written by users with an e-mail, deleted by their author. */
export function CommentSection({ deckId, username, canComment, renderActions }: CommentSectionProps) {
  const { data: comments, isLoading } = useComments(deckId);
  const remove = useDeleteComment(deckId);
  const toast = useToast();
  const [pending, setPending] = useState<Comment | null>(null);
  const confirmDelete = () => {
    if (!pending) return;
    remove.mutate(pending._id, {
      onSuccess: () => {
        toast('Comment deleted.', 'success');
        // The focus was on the comment's delete button, which is gone now.
        document.getElementById('comments-title')?.focus();
      },
      onError: (error) => toast(error.message, 'error'),
    });
    setPending(null);
  };
  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" tabIndex={-1}>
        Comments{comments ? ` (${comments.length})` : ''}
      </h2>
      {isLoading ? (
        <p className="loading">Loading comments...</p>
      ) : comments && comments.length > 0 ? (
        <ul className="comment-list">
          {comments.map((comment) => (
            <li key={comment._id} className={`comment${comment.isHidden ? ' is-hidden' : ''}`}>
              <div className="comment-head">
                <Link to={`/users/${encodeURIComponent(comment.Username)}`} className="comment-author">
                  {comment.Username}
                </Link>
                <time dateTime={comment.createdAt}>
                  {new Date(comment.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
                {comment.isHidden && <span className="hidden-badge">Hidden</span>}
                {renderActions?.(comment)}
                {username === comment.Username && (
                  <button
                    type="button"
                    className="icon-button comment-delete"
                    aria-label="Delete comment"
                    onClick={() => setPending(comment)}
                  >
                    <TrashIcon />
                  </button>
                )}
              </div>
              {comment.isHidden && <p className="hidden-notice">{MESSAGES.moderation.hiddenNotice('comment')}</p>}
              {/* The server rendered the Markdown and sanitised the HTML (comments/comment-markdown.ts). */}
              <div className="comment-text" dangerouslySetInnerHTML={{ __html: comment.html }} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No comments yet.</p>
      )}
      {canComment && username ? (
        <CommentForm deckId={deckId} username={username} />
      ) : (
        <p className="muted">Sign in to comment.</p>
      )}
      {pending && (
        <ConfirmDialog
          title="Delete comment?"
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          onCancel={() => setPending(null)}
        >
          <p>Your comment will be removed for everyone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
