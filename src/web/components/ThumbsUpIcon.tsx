/** The thumbs-up of the upvote count; decorative, the count beside it carries the meaning. */
export function ThumbsUpIcon({ size = 22 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className="thumbs-up">
      <path
        d="M2 10h4v11H2zM8 21h9.3a2 2 0 0 0 2-1.6l1.6-7A2 2 0 0 0 19 10h-5.4l.8-4a2 2 0 0 0-.5-1.8L13 3 7.6 8.6A2 2 0 0 0 8 10z"
        fill="currentColor"
      />
    </svg>
  );
}
