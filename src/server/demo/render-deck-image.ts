import sharp from 'sharp';
import { ALBUMS, albumOfCard } from '../../common/game';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const colorOfAlbum = new Map<string, string>(ALBUMS.map((a) => [a.name, a.color]));

/**
 * A deck picture in the style of the in-game share image (title, then a 3×6 grid of card tiles
 * tinted by album), rendered from SVG so the demo needs no downloaded images.
 */
export async function renderDeckImage(title: string, cards: { name: string; code: string | null }[]): Promise<Buffer> {
  const width = 600;
  const tileW = 180;
  const tileH = 120;
  const tiles = cards
    .map((card, i) => {
      const x = 20 + (i % 3) * (tileW + 10);
      const y = 90 + Math.floor(i / 3) * (tileH + 10);
      const color = colorOfAlbum.get(albumOfCard(card.code ?? '') ?? '') ?? '#888888';
      return `<g transform="translate(${x},${y})">
        <rect width="${tileW}" height="${tileH}" rx="10" fill="#1d1f2b" stroke="${color}" stroke-width="4"/>
        <rect x="8" y="8" width="${tileW - 16}" height="60" rx="6" fill="${color}" opacity="0.35"/>
        <text x="10" y="88" font-family="DejaVu Sans, sans-serif" font-size="10" fill="#b8bcc8">${escapeXml(card.code ?? '')}</text>
        <text x="10" y="106" font-family="DejaVu Sans, sans-serif" font-size="13" font-weight="bold" fill="#ffffff">${escapeXml(card.name.toUpperCase().slice(0, 22))}</text>
      </g>`;
    })
    .join('');
  const height = 90 + Math.ceil(cards.length / 3) * (tileH + 10) + 10;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#10121a"/>
    <text x="20" y="55" font-family="DejaVu Sans, sans-serif" font-size="28" font-weight="bold" fill="#ffffff">${escapeXml(title.slice(0, 36))}</text>
    ${tiles}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
