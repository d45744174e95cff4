import { ALBUMS } from '../../../common/taxonomy';
import {
  albumColor,
  allowsCollectionIcon,
  DEFAULT_TEMPLATE_ID,
  findTemplate,
  rarityOptions,
  resolveTemplate,
  TEMPLATE_ALBUMS,
  TEMPLATES,
} from './template-catalog';

describe('template catalog', () => {
  it('has 7 albums × 11 frames = 77 templates with unique ids', () => {
    expect(TEMPLATES).toHaveLength(77);
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(77);
    for (const album of TEMPLATE_ALBUMS) {
      const frames = TEMPLATES.filter((t) => t.album === album).map((t) => t.frame);
      expect(frames).toEqual([
        'Common',
        'Rare',
        'Epic',
        'Legendary',
        'Fusion',
        'Mythic',
        'Ultra Fusion',
        'Limited Common',
        'Limited Rare',
        'Limited Epic',
        'Limited Legendary',
      ]);
    }
  });

  it('uses the shared album colours', () => {
    expect(albumColor('Space')).toBe('#a764fd');
    expect(albumColor('Arts')).toBe('#f792e4');
    expect(albumColor('Paleo')).toBe('#fc9512');
    expect(new Set(TEMPLATES.map((t) => t.color))).toEqual(new Set(ALBUMS.map((a) => a.color)));
  });

  it('defaults to Space / Basic / Rare', () => {
    expect(findTemplate(DEFAULT_TEMPLATE_ID)).toMatchObject({ album: 'Space', limited: 'Basic', rarity: 'Rare' });
  });

  it('offers Limited only for Common to Legendary and resolves anything else to a real frame', () => {
    expect(rarityOptions('Limited')).toEqual(['Common', 'Rare', 'Epic', 'Legendary']);
    expect(rarityOptions('Basic')).toHaveLength(7);
    expect(resolveTemplate({ album: 'Oceans', limited: 'Limited', rarity: 'Mythic' }).frame).toBe('Limited Common');
    expect(resolveTemplate({ album: 'Oceans', limited: 'Limited', rarity: 'Epic' }).id).toBe('oceans-limited-epic');
  });

  it('has no collection icon on Mythic and Ultra Fusion', () => {
    expect(allowsCollectionIcon('Mythic')).toBe(false);
    expect(allowsCollectionIcon('Ultra Fusion')).toBe(false);
    expect(allowsCollectionIcon('Fusion')).toBe(true);
    expect(allowsCollectionIcon('Legendary')).toBe(true);
  });
});
