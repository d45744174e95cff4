// Every icon the editor draws: the inline text icons, the foreground icons and the collection
// badges. All are SVG drawn here (no hosted images) so they are crisp at any export scale and
// the exported PNG never depends on a network fetch. No SVG ids are used, so any number of
// copies can share a page.
import type { ReactElement, SVGProps } from 'react';
import type { CollectionBadge, ForegroundIcon } from './editor-state';
import type { InlineIconName } from './rich-text';

type SvgProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

const BOLT = 'M13.5 2 5 13.5h5.5L9 22l9-12.5h-5.6z';
const STAR = 'M12 2.5l2.6 6.1 6.6.6-5 4.4 1.5 6.5L12 16.7l-5.7 3.4 1.5-6.5-5-4.4 6.6-.6z';
/** A small circular arrow, drawn over the power/energy glyphs for "per turn". */
const PER_TURN = (
  <g fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round">
    <path d="M17.2 17.8a4 4 0 1 1 2.6-3.8" />
    <path d="M20.6 11.6l-.8 2.6-2.4-1.2" strokeLinejoin="round" />
  </g>
);

/** A white stat glyph on a coloured disc: the power and energy icons. */
function statBody(disc: string, glyph: string) {
  return (
    <>
      <circle cx="12" cy="12" r="11" fill={disc} />
      <path d={glyph} fill="#fff" />
    </>
  );
}

/** The same glyph, smaller, with the "per turn" arrow on a darker badge. */
function perTurnBody(disc: string, glyph: string, badge: string) {
  return (
    <>
      <circle cx="12" cy="12" r="11" fill={disc} />
      <path d={glyph} fill="#fff" transform="translate(1 1) scale(.7)" />
      <circle cx="17" cy="16" r="5.5" fill={badge} />
      {PER_TURN}
    </>
  );
}

const INLINE: Record<InlineIconName, { label: string; body: ReactElement }> = {
  power: { label: 'Power', body: statBody('#e8453c', STAR) },
  energy: { label: 'Energy', body: statBody('#1f8fe0', BOLT) },
  ppt: { label: 'Power per turn', body: perTurnBody('#e8453c', STAR, '#b32c24') },
  ept: { label: 'Energy per turn', body: perTurnBody('#1f8fe0', BOLT, '#0f5f9c') },
  lock: {
    label: 'Lock',
    body: (
      <>
        <circle cx="12" cy="12" r="11" fill="#5b6270" />
        <path d="M8.5 11V8.5a3.5 3.5 0 0 1 7 0V11" fill="none" stroke="#fff" strokeWidth="2" />
        <rect x="6.5" y="10.5" width="11" height="8" rx="1.5" fill="#fff" />
        <circle cx="12" cy="14.5" r="1.4" fill="#5b6270" />
      </>
    ),
  },
  burn: {
    label: 'Burn',
    body: (
      <>
        <circle cx="12" cy="12" r="11" fill="#ff7a1a" />
        <path
          d="M12 4c.5 3-2.9 4.6-2.9 8.3A3 3 0 0 0 12 19a4.3 4.3 0 0 0 4.4-4.4c0-2.2-1.3-3.3-1.8-4.6-.5 1.2-1.1 1.7-1.8 2 .6-2.8-.2-6-.8-8z"
          fill="#fff3c4"
        />
      </>
    ),
  },
};

export function inlineIconLabel(name: InlineIconName): string {
  return INLINE[name].label;
}

/** An icon sized to the surrounding text (1.1em), for the ability text. */
export function InlineIcon({ name, ...props }: { name: InlineIconName } & SvgProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.1em"
      height="1.1em"
      role="img"
      aria-label={INLINE[name].label}
      className="ce-inline-icon"
      {...props}
    >
      {INLINE[name].body}
    </svg>
  );
}

const FOREGROUND: Record<ForegroundIcon, { label: string; body: ReactElement }> = {
  rocket: {
    label: 'Rocket',
    body: (
      <>
        <path d="M50 8c16 12 22 34 16 58H34C28 42 34 20 50 8z" fill="#eef1f7" stroke="#2b2f3a" strokeWidth="3" />
        <circle cx="50" cy="38" r="9" fill="#4fb3ff" stroke="#2b2f3a" strokeWidth="3" />
        <path
          d="M34 56 20 74l16-4zM66 56l14 18-16-4z"
          fill="#e8453c"
          stroke="#2b2f3a"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M40 68q10 26 20 0z" fill="#ffb627" stroke="#2b2f3a" strokeWidth="3" strokeLinejoin="round" />
      </>
    ),
  },
  flask: {
    label: 'Flask',
    body: (
      <>
        <path
          d="M40 10h20M43 10v26L20 80a7 7 0 0 0 6 10h48a7 7 0 0 0 6-10L57 36V10"
          fill="#eef9f6"
          stroke="#2b2f3a"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M30 62h40l9 18a5 5 0 0 1-4.5 7h-49A5 5 0 0 1 21 80z" fill="#1dd8a8" />
        <circle cx="45" cy="72" r="4" fill="#fff" />
        <circle cx="58" cy="66" r="3" fill="#fff" />
      </>
    ),
  },
  dino: {
    label: 'Dinosaur',
    body: (
      <path
        d="M14 78c8-2 14-10 18-22 5-16 14-24 28-24 9 0 14-8 18-14 4-4 12-2 12 6 0 6-6 8-12 9-4 6-2 14-6 22-3 7-8 10-8 10l4 15h-9l-4-11h-14l-2 11h-9l1-14c-6 6-12 9-17 12z"
        fill="#fc9512"
        stroke="#2b2f3a"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    ),
  },
  fish: {
    label: 'Fish',
    body: (
      <>
        <path
          d="M12 50c14-22 44-26 62 0-18 26-48 22-62 0zM74 50l16-16v32z"
          fill="#0090fe"
          stroke="#2b2f3a"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <circle cx="30" cy="46" r="4" fill="#fff" stroke="#2b2f3a" strokeWidth="2" />
        <path d="M46 36q6 14 0 28" fill="none" stroke="#bfe3ff" strokeWidth="3" />
      </>
    ),
  },
  tree: {
    label: 'Tree',
    body: (
      <>
        <rect x="44" y="58" width="12" height="32" fill="#8a5a33" stroke="#2b2f3a" strokeWidth="3" />
        <circle cx="50" cy="38" r="26" fill="#7ccf3a" stroke="#2b2f3a" strokeWidth="3" />
        <circle cx="40" cy="32" r="6" fill="#b3ee4c" />
      </>
    ),
  },
  castle: {
    label: 'Castle',
    body: (
      <path
        d="M14 90V34h10v8h8v-8h10v8h16v-8h10v8h8v-8h10v56H58V70a8 8 0 0 0-16 0v20z"
        fill="#fbe22b"
        stroke="#2b2f3a"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    ),
  },
  palette: {
    label: 'Palette',
    body: (
      <>
        <path
          d="M50 12C26 12 10 30 10 50s16 38 36 38c8 0 8-8 4-12s-2-12 8-12h12c14 0 20-8 20-18C90 28 72 12 50 12z"
          fill="#f7e7d0"
          stroke="#2b2f3a"
          strokeWidth="3"
        />
        <circle cx="30" cy="46" r="7" fill="#f792e4" />
        <circle cx="40" cy="28" r="7" fill="#0090fe" />
        <circle cx="62" cy="26" r="7" fill="#fbe22b" />
        <circle cx="76" cy="42" r="7" fill="#1dfdc5" />
      </>
    ),
  },
  planet: {
    label: 'Planet',
    body: (
      <>
        <circle cx="50" cy="50" r="24" fill="#a764fd" stroke="#2b2f3a" strokeWidth="3" />
        <ellipse
          cx="50"
          cy="50"
          rx="44"
          ry="12"
          fill="none"
          stroke="#ffd36b"
          strokeWidth="5"
          transform="rotate(-20 50 50)"
        />
        <circle cx="42" cy="42" r="5" fill="#c9a4ff" />
      </>
    ),
  },
  atom: {
    label: 'Atom',
    body: (
      <g fill="none" stroke="#1dfdc5" strokeWidth="4">
        <ellipse cx="50" cy="50" rx="40" ry="14" />
        <ellipse cx="50" cy="50" rx="40" ry="14" transform="rotate(60 50 50)" />
        <ellipse cx="50" cy="50" rx="40" ry="14" transform="rotate(120 50 50)" />
        <circle cx="50" cy="50" r="7" fill="#ff5da2" stroke="none" />
      </g>
    ),
  },
  bolt: {
    label: 'Lightning',
    body: (
      <path d="M58 6 20 56h24l-8 38 44-54H56z" fill="#ffd23f" stroke="#2b2f3a" strokeWidth="3" strokeLinejoin="round" />
    ),
  },
};

export function foregroundIconLabel(name: ForegroundIcon): string {
  return FOREGROUND[name].label;
}

export function ForegroundIconSvg({ name, ...props }: { name: ForegroundIcon } & SvgProps) {
  return (
    <svg viewBox="0 0 100 100" role="img" aria-label={FOREGROUND[name].label} {...props}>
      {FOREGROUND[name].body}
    </svg>
  );
}

const BADGES: Record<CollectionBadge, { label: string; fill: string; body: ReactElement }> = {
  star: { label: 'Star collection', fill: '#ffcf3f', body: <path d={STAR} transform="translate(8 8)" fill="#fff" /> },
  shield: {
    label: 'Shield collection',
    fill: '#4f7cff',
    body: <path d="M20 9l9 3v7c0 6-4 10-9 12-5-2-9-6-9-12v-7z" fill="#fff" />,
  },
  gem: { label: 'Gem collection', fill: '#2fc6a8', body: <path d="M13 15l3-5h8l3 5-7 14z" fill="#fff" /> },
  crown: { label: 'Crown collection', fill: '#c25bff', body: <path d="M10 27V13l5 5 5-8 5 8 5-5v14z" fill="#fff" /> },
  comet: {
    label: 'Comet collection',
    fill: '#ff6b4a',
    body: (
      <>
        <circle cx="24" cy="16" r="5" fill="#fff" />
        <path d="M20 20 9 31M19 16 10 24M24 21l-7 9" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </>
    ),
  },
  leaf: {
    label: 'Leaf collection',
    fill: '#58b947',
    body: <path d="M11 29C11 17 18 10 30 10c0 12-7 19-19 19zm0 0 9-9" fill="#fff" stroke="#fff" strokeWidth="1.5" />,
  },
};

export function collectionBadgeLabel(name: CollectionBadge): string {
  return BADGES[name].label;
}

export function CollectionBadgeSvg({ name, ...props }: { name: CollectionBadge } & SvgProps) {
  return (
    <svg viewBox="0 0 40 40" role="img" aria-label={BADGES[name].label} {...props}>
      <circle cx="20" cy="20" r="18" fill={BADGES[name].fill} stroke="#fff" strokeWidth="2.5" />
      {BADGES[name].body}
    </svg>
  );
}
