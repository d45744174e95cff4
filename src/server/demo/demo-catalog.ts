// A demo card catalog of the project's own: invented names, two to three cards for every real
// collection code, so that all albums and collections are covered without shipping the
// community's card list.
import { COLLECTIONS } from '../../common/game';
import type { RawCard } from '../cards/normalize-card';

const WORDS: Record<string, { first: string[]; second: string[] }> = {
  Space: { first: ['Silent', 'Red', 'Distant', 'Frozen', 'Orbital', 'Solar'], second: ['Nebula', 'Comet', 'Rover', 'Pulsar', 'Moon Base', 'Eclipse'] },
  Science: { first: ['Quantum', 'Electric', 'Tiny', "Newton's", 'Hidden', 'Binary'], second: ['Engine', 'Circuit', 'Lens', 'Reactor', 'Formula', 'Robot'] },
  Paleontology: { first: ['Giant', 'Horned', 'Feathered', 'Ancient', 'Armoured', 'Swift'], second: ['Raptor', 'Titan', 'Ammonite', 'Mammoth', 'Fossil', 'Sauropod'] },
  'Oceans & Seas': { first: ['Deep', 'Coral', 'Glowing', 'Arctic', 'Tidal', 'Sunken'], second: ['Octopus', 'Reef', 'Lanternfish', 'Narwhal', 'Trench', 'Galleon'] },
  'Life on Land': { first: ['Golden', 'Sleepy', 'Desert', 'Snow', 'Jungle', 'Royal'], second: ['Fox', 'Tortoise', 'Owl', 'Leopard', 'Beetle', 'Orchid'] },
  History: { first: ['Lost', 'Iron', 'Great', 'Secret', 'Golden', 'Northern'], second: ['Empire', 'Crown', 'Treaty', 'Fortress', 'Voyage', 'Scroll'] },
  'Arts & Culture': { first: ['Painted', 'Dancing', 'Masked', 'Silver', 'Whispering', 'Café'], second: ['Muse', 'Sonata', 'Fresco', 'Puppet', 'Opera', 'Tapestry'] },
};
const RARITY_CYCLE = ['Common', 'Rare', 'Epic', 'Legendary'];
/** A few names with the characters OCR and search must handle. */
const SPECIAL_NAMES = ['Caño Azul', "Pandora's Jar", 'The Hermit (IX)', 'H. G. Gears', 'Apollo-7 Capsule', 'Señora Luna'];

export function demoCatalog(): RawCard[] {
  const cards: RawCard[] = [];
  const seen = new Set<string>();
  COLLECTIONS.forEach((collection, ci) => {
    const words = WORDS[collection.album];
    const count = 2 + (ci % 2);
    for (let n = 1; n <= count; n++) {
      let name = `${words.first[(ci + n) % 6]} ${words.second[(ci * 3 + n) % 6]}`;
      if (seen.has(name)) name = `${name} ${collection.name.split(' ')[0]}`;
      if (seen.has(name)) name = `${name} ${n}`;
      if (ci < SPECIAL_NAMES.length && n === 1) name = SPECIAL_NAMES[ci];
      seen.add(name);
      const isMythic = /Mythic/.test(collection.name);
      const isFusion = /Fusion/.test(collection.name);
      cards.push({
        Code: `${collection.code}${String(n).padStart(3, '0')}`,
        Name: name,
        Rarity: isMythic ? 'Mythic' : isFusion ? 'Fusion' : RARITY_CYCLE[(ci + n) % 4],
        Type: isFusion ? 'Fusion' : 'Limited Card',
      });
    }
  });
  return cards;
}
