// The 77 card frames, drawn as SVG from the template's album colour and rarity, so they stay
// crisp at every export scale. The frame has two layers: `back` sits under the artwork (card
// body, banners, ability box) and `front` over it (art border, Limited ribbon, ornaments).
import { useId } from 'react';
import type { Rarity } from '../../../common/game';
import { CARD_HEIGHT, CARD_WIDTH, LAYOUT } from './card-layout';
import type { CardTemplate } from './template-catalog';

interface Trim {
  /** Gradient stops of the outer trim, top-left to bottom-right. */
  stops: string[];
  /** Colour of the rarity gem and thin accent lines. */
  accent: string;
}

const TRIMS: Record<Rarity, Trim> = {
  Common: { stops: ['#eef1f4', '#a9b0ba', '#7d8590'], accent: '#d9dde3' },
  Rare: { stops: ['#8fd6ff', '#2f8fe6', '#1a56b0'], accent: '#5cc2ff' },
  Epic: { stops: ['#e6b8ff', '#a24cf0', '#5e1aa8'], accent: '#d38bff' },
  Legendary: { stops: ['#fff2b0', '#f7c23a', '#c77a06'], accent: '#ffd95a' },
  Fusion: { stops: ['#ff7ad9', '#a66bff', '#2fd6ff'], accent: '#ff9be6' },
  Mythic: { stops: ['#ffe08a', '#b8860b', '#5a0d24'], accent: '#ffcc4d' },
  'Ultra Fusion': { stops: ['#ff5f6d', '#ffc94a', '#5dff8f', '#3fb8ff', '#c06bff'], accent: '#ffffff' },
};

/** Mixes a #rrggbb colour towards black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const t = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    return Math.round(c + (target - c) * t)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function Stops({ colors }: { colors: string[] }) {
  return (
    <>
      {colors.map((c, i) => (
        <stop key={i} offset={colors.length === 1 ? 0 : i / (colors.length - 1)} stopColor={c} />
      ))}
    </>
  );
}

interface FrameProps {
  template: CardTemplate;
  layer: 'back' | 'front';
}

export function CardFrame({ template, layer }: FrameProps) {
  // Gradient ids must be unique per document; useId keeps two frames (or a re-render
  // during export) from stealing each other's paint servers.
  const uid = useId().replace(/:/g, '');
  const trim = TRIMS[template.rarity];
  const isMythic = template.rarity === 'Mythic';
  const isFusion = template.rarity === 'Fusion' || template.rarity === 'Ultra Fusion';
  const body = isMythic ? shade(template.color, -0.72) : template.color;
  const { art, nameBanner, abilityBox, energy, power } = LAYOUT;
  const ids = { trim: `${uid}-trim`, body: `${uid}-body`, ribbon: `${uid}-ribbon`, clip: `${uid}-clip` };

  const common = {
    viewBox: `0 0 ${CARD_WIDTH} ${CARD_HEIGHT}`,
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    className: `ce-frame ce-frame-${layer}`,
    'aria-hidden': true,
    'data-template-id': template.id,
    'data-layer': layer,
  } as const;

  if (layer === 'back') {
    return (
      <svg {...common} data-testid="card-frame">
        <defs>
          <linearGradient id={ids.trim} x1="0" y1="0" x2="1" y2="1">
            <Stops colors={trim.stops} />
          </linearGradient>
          <linearGradient id={ids.body} x1="0" y1="0" x2="0" y2="1">
            <Stops colors={[shade(body, 0.25), body, shade(body, -0.35)]} />
          </linearGradient>
          <clipPath id={ids.clip}>
            <rect x={art.x} y={art.y} width={art.width} height={art.height} rx="8" />
          </clipPath>
        </defs>
        <rect x="0" y="0" width={CARD_WIDTH} height={CARD_HEIGHT} rx="18" fill={`url(#${ids.trim})`} />
        <rect x="7" y="7" width={CARD_WIDTH - 14} height={CARD_HEIGHT - 14} rx="13" fill={`url(#${ids.body})`} />
        {isFusion && (
          // Fusion frames: a second, inner trim line in the gradient, as two cards fused.
          <rect
            x="11"
            y="11"
            width={CARD_WIDTH - 22}
            height={CARD_HEIGHT - 22}
            rx="10"
            fill="none"
            stroke={`url(#${ids.trim})`}
            strokeWidth="2.5"
          />
        )}
        {/* Placeholder behind the art: a soft diagonal pattern, visible until an image is chosen. */}
        <rect x={art.x} y={art.y} width={art.width} height={art.height} rx="8" fill={shade(template.color, -0.55)} />
        <g clipPath={`url(#${ids.clip})`} stroke={shade(template.color, -0.4)} strokeWidth="10">
          {Array.from({ length: 9 }, (_, i) => (
            <path key={i} d={`M${art.x + i * 36 - 40} ${art.y + art.height}l${art.height * 0.6} -${art.height}`} />
          ))}
        </g>
        <rect
          x={nameBanner.x}
          y={nameBanner.y}
          width={nameBanner.width}
          height={nameBanner.height}
          rx="10"
          fill={shade(body, -0.55)}
          stroke={trim.accent}
          strokeWidth="2"
        />
        <rect
          x={abilityBox.x}
          y={abilityBox.y}
          width={abilityBox.width}
          height={abilityBox.height}
          rx="9"
          fill="#fbfaf7"
          stroke={shade(template.color, -0.45)}
          strokeWidth="2.5"
        />
        <StatBadge
          cx={energy.x + energy.width / 2}
          cy={energy.y + energy.height / 2}
          fill="#1f8fe0"
          ring={`url(#${ids.trim})`}
        />
        <StatBadge
          cx={power.x + power.width / 2}
          cy={power.y + power.height / 2}
          fill="#e8453c"
          ring={`url(#${ids.trim})`}
        />
        <RarityGem rarity={template.rarity} accent={trim.accent} />
      </svg>
    );
  }

  return (
    <svg {...common}>
      <defs>
        <linearGradient id={ids.trim} x1="0" y1="0" x2="1" y2="1">
          <Stops colors={trim.stops} />
        </linearGradient>
        <linearGradient id={ids.ribbon} x1="0" y1="0" x2="1" y2="0">
          <Stops colors={[shade(template.color, -0.5), shade(template.color, -0.2), shade(template.color, -0.5)]} />
        </linearGradient>
        <clipPath id={ids.clip}>
          <rect x={art.x} y={art.y} width={art.width} height={art.height} rx="8" />
        </clipPath>
      </defs>
      <rect
        x={art.x}
        y={art.y}
        width={art.width}
        height={art.height}
        rx="8"
        fill="none"
        stroke={`url(#${ids.trim})`}
        strokeWidth="3"
      />
      {template.limited === 'Limited' && (
        // Limited: a diagonal ribbon across the art's top-right corner.
        <g clipPath={`url(#${ids.clip})`} data-testid="limited-ribbon">
          <g transform={`translate(${art.x + art.width - 38} ${art.y + 38}) rotate(45)`}>
            <rect
              x="-70"
              y="-11"
              width="140"
              height="22"
              fill={`url(#${ids.ribbon})`}
              stroke={trim.accent}
              strokeWidth="1.5"
            />
            <text
              x="0"
              y="4.5"
              textAnchor="middle"
              fontFamily="Arial, 'Liberation Sans', sans-serif"
              fontWeight="700"
              fontSize="12"
              letterSpacing="2"
              fill="#fff"
            >
              LIMITED
            </text>
          </g>
        </g>
      )}
      {isMythic && <MythicOrnaments accent={trim.accent} />}
      {template.rarity === 'Ultra Fusion' && <Sparkles />}
    </svg>
  );
}

function StatBadge({ cx, cy, fill, ring }: { cx: number; cy: number; fill: string; ring: string }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r="24" fill={ring} />
      <circle cx={cx} cy={cy} r="19.5" fill={fill} stroke="rgba(0,0,0,.35)" strokeWidth="1" />
    </g>
  );
}

function RarityGem({ rarity, accent }: { rarity: Rarity; accent: string }) {
  const cx = CARD_WIDTH / 2;
  const cy = CARD_HEIGHT - 9;
  // More gems for rarer frames: a quick visual rank even in a small thumbnail.
  const count = { Common: 1, Rare: 2, Epic: 3, Legendary: 4, Fusion: 3, Mythic: 5, 'Ultra Fusion': 5 }[rarity];
  return (
    <g>
      {Array.from({ length: count }, (_, i) => {
        const x = cx + (i - (count - 1) / 2) * 14;
        return (
          <path key={i} d={`M${x} ${cy - 6}l6 6-6 6-6-6z`} fill={accent} stroke="rgba(0,0,0,.45)" strokeWidth="1" />
        );
      })}
    </g>
  );
}

function MythicOrnaments({ accent }: { accent: string }) {
  const corner = (x: number, y: number, sx: number, sy: number, key: string) => (
    <path
      key={key}
      transform={`translate(${x} ${y}) scale(${sx} ${sy})`}
      d="M0 0h26l-6 6H6v14l-6 6z"
      fill={accent}
      stroke="#5a0d24"
      strokeWidth="1"
    />
  );
  return (
    <g>
      {corner(4, 4, 1, 1, 'tl')}
      {corner(CARD_WIDTH - 4, 4, -1, 1, 'tr')}
      {corner(4, CARD_HEIGHT - 4, 1, -1, 'bl')}
      {corner(CARD_WIDTH - 4, CARD_HEIGHT - 4, -1, -1, 'br')}
      <rect
        x="5"
        y="5"
        width={CARD_WIDTH - 10}
        height={CARD_HEIGHT - 10}
        rx="15"
        fill="none"
        stroke={accent}
        strokeWidth="1.5"
      />
    </g>
  );
}

function Sparkles() {
  const spots = [
    [28, 80, 7],
    [272, 96, 5],
    [24, 250, 5],
    [276, 262, 8],
    [60, 410, 4],
    [240, 410, 4],
  ] as const;
  return (
    <g fill="#fff" stroke="rgba(0,0,0,.25)" strokeWidth=".6">
      {spots.map(([x, y, r]) => (
        <path
          key={`${x}-${y}`}
          d={`M${x} ${y - r}Q${x} ${y} ${x + r} ${y}Q${x} ${y} ${x} ${y + r}Q${x} ${y} ${x - r} ${y}Q${x} ${y} ${x} ${y - r}z`}
        />
      ))}
    </g>
  );
}
