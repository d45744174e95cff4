/**
 * What a reading of a tile's name says: a restyle may print the card's code on its own line above
 * the name, with a label at its side, and a crop may take in that line alone. And when a reading
 * is trusted to name its card without a second look, and when its card is taken.
 */
import { loadRealCatalog } from '../../../../test/support/real-data';
import { CatalogIndex } from '../catalog/catalog-index';
import {
  agreedCard,
  decideTile,
  distinctCards,
  foundThrice,
  isTrustedReading,
  linesOfOneName,
  nameReading,
  nameReadingIn,
  secondLookAt,
  toReadCard,
  wholerName,
} from './match-tiles';
import { AGREED_BY_THREE_CONFIDENCE } from './thresholds';

/** A tile's readings from [text, OCR confidence] pairs: the OCR results, the names read in them and each one's match. */
function tileReadings(index: CatalogIndex, reads: Array<[text: string, confidence: number]>) {
  const ocrResults = reads.map(([text, confidence]) => ({ text, confidence }));
  const parsed = ocrResults.map((r) => nameReading(r.text));
  return { ocrResults, parsed, matches: parsed.map((p) => index.match(p)) };
}

describe('nameReading', () => {
  it('reads a first line of a code and a label as the code, the rest as the name', () => {
    expect(nameReading('PROTECTED LPLOO3\nFORGET-ME-NOT')).toEqual({
      nameText: 'FORGET-ME-NOT',
      codeText: 'PROTECTED LPLOO3',
    });
    expect(nameReading('5STO38\nGLIESE 1132 B')).toEqual({ nameText: 'GLIESE 1132 B', codeText: '5STO38' });
  });

  it('reads a code line read alone as both, so a name shaped like a code still matches by name', () => {
    expect(nameReading('FSCO12')).toEqual({ nameText: 'FSCO12', codeText: 'FSCO12' });
    // The card Piezo2: whether it also looks like a code depends on the letters OCR is known to read for digits.
    expect(nameReading('PIEZO2').nameText).toBe('PIEZO2');
  });

  it('keeps the first line of a name whose letters only look like a code', () => {
    // HAGGIS reads as HAG615 and APOLLO as APO110 with letters for digits; no digit is printed in them.
    expect(nameReading('HAGGIS')).toEqual({ nameText: 'HAGGIS' });
    expect(nameReading('APOLLO 11')).toEqual({ nameText: 'APOLLO 11' });
    expect(nameReading('BATTLE OF\nHASTINGS (1066)')).toEqual({ nameText: 'BATTLE OF HASTINGS (1066)' });
  });

  it('leaves out the PROTECTED label a crop took in beside or above the name', () => {
    expect(nameReading("PROTECTED '")).toEqual({ nameText: '' });
    // A stray mark after the label is no one-letter name.
    expect(nameReading('PROTECTED i"')).toEqual({ nameText: '' });
    expect(nameReading('PROTFCTIO')).toEqual({ nameText: '' });
    expect(nameReading('PROTECTED DEDUN')).toEqual({ nameText: 'DEDUN' });
    // The card PROJECTION is no label.
    expect(nameReading('PROJECTION')).toEqual({ nameText: 'PROJECTION' });
  });
});

describe('nameReadingIn', () => {
  const index = new CatalogIndex(loadRealCatalog());

  it('sets aside a first line that may be a code read without digits when the rest fits a card better', () => {
    // "Code above name" seeds 302 and 315: SFN008 and LUN005 read with letters for every digit,
    // and a code read as noise beside the PROTECTED label.
    expect(nameReadingIn(index, 'reo SFNOOB\nBLIZZARD')).toEqual({ nameText: 'BLIZZARD', codeText: 'reo SFNOOB' });
    expect(nameReadingIn(index, 'smarreren LUNDOS\nKANGAROO RAT')).toMatchObject({ nameText: 'KANGAROO RAT' });
    expect(nameReadingIn(index, 'PROTECTED FSpoDa\nGIANT GRB RING')).toMatchObject({ nameText: 'GIANT GRB RING' });
  });

  it('takes a word of a set prefix and a number read as letters for a code, beside a label read as noise', () => {
    // "Code above name" unseen seed 39427: PROTECTED LBU049 above CUCKOO BEES, the 4 read as A and
    // the 9 as S; the whole fit Cuckoo Bees at 0.46.
    expect(nameReadingIn(index, 'yweeree LBUOAS\nCUCKOO BEES')).toEqual({
      nameText: 'CUCKOO BEES',
      codeText: 'yweeree LBUOAS',
    });
    expect(index.mayBeCode('LBUOAS')).toBe(true);
    expect(index.mayBeCode('BLIZZARD')).toBe(false);
  });

  it('keeps a first line that may be a code when the whole fits better: a name that wraps', () => {
    expect(nameReadingIn(index, 'HAGGIS\nAND NEEPS')).toEqual(nameReading('HAGGIS\nAND NEEPS'));
    expect(nameReadingIn(index, 'BATTLE OF\nHASTINGS (1066)')).toEqual({ nameText: 'BATTLE OF HASTINGS (1066)' });
  });
});

describe('isTrustedReading', () => {
  const index = new CatalogIndex([
    { code: 'SRR001', name: 'N1' },
    { code: 'EGG001', name: 'Ra' },
    { code: 'SSS016', name: 'Io' },
    { code: 'STR037', name: 'Pennsylvania Station (1910 - 1963)' },
  ]);

  it('trusts a short name read close only when the OCR does not doubt it, or spelt exactly', () => {
    // Bench seed 39031, WebP: two letters of art at a name place that missed the name.
    expect(isTrustedReading(index.matchName('nl'), 27)).toBe(false);
    // Io with its O read as a 0, a learnt look-alike: close, and trusted only where the OCR is sure.
    expect(index.matchName('I0').best?.name).toBe('Io');
    expect(isTrustedReading(index.matchName('I0'), 27)).toBe(false);
    expect(isTrustedReading(index.matchName('I0'), 90)).toBe(true);
    expect(isTrustedReading(index.matchName('N1'), 44)).toBe(true);
  });

  it('takes two letters spelt exactly where the OCR doubts them much for chance, unless readings agree', () => {
    // "Ra" read at OCR confidence 0 where THE FOOL (XXII) was printed, and at 28 where Common
    // Vole was (unseen seeds 39445-39450); N1 and OX read right at 42-47.
    const ra = index.matchName('Ra');
    expect(ra.best?.name).toBe('Ra');
    for (const ocrConfidence of [0, 28]) {
      expect(isTrustedReading(ra, ocrConfidence)).toBe(false);
      expect(toReadCard(ra, { ocrConfidence })).toBeNull();
    }
    expect(isTrustedReading(ra, 42)).toBe(true);
    expect(toReadCard(ra, { ocrConfidence: 42 })?.name).toBe('Ra');
    expect(toReadCard(ra, { ocrConfidence: 0, agreed: { code: 'EGG001', from: 0.5 } })?.name).toBe('Ra');
  });

  it('trusts a long name read close even when the OCR doubts it', () => {
    expect(isTrustedReading(index.matchName('PENNSYLVANIA STATI0N (1910 - 1963)'), 30)).toBe(true);
    expect(isTrustedReading(index.matchName('PENN'), 90)).toBe(false);
  });
});

describe('secondLookAt', () => {
  const index = new CatalogIndex([
    { code: 'LUN053', name: 'Lemmings' },
    { code: 'LUN065', name: 'Ungava Collared Lemming' },
  ]);

  it('looks again at a read that is whole words of a longer name, though it fits another card', () => {
    // Bench seed 39037, 541 px: the last line of UNGAVA COLLARED LEMMING, read alone.
    const lemming = index.matchName('LEMMING');
    expect(lemming.best).toMatchObject({ name: 'Lemmings' });
    expect(isTrustedReading(lemming, 94)).toBe(true);
    expect(secondLookAt(lemming, 'LEMMING', 94, index)).toBe('longer name');
    expect(secondLookAt(index.matchName('LEMMINGS'), 'LEMMINGS', 94, index)).toBe('none');
    expect(secondLookAt(index.matchName('LEMMINGS'), 'LEMMINGS', 30, index)).toBe('none');
    expect(secondLookAt(index.matchName('LEMMNGS'), 'LEMMNGS', 30, index)).toBe('whole');
  });

  it('reads the code and the name again where two cards share the name read', () => {
    const twins = new CatalogIndex([
      { code: 'LMC019', name: 'Pegasus' },
      { code: 'SCO009', name: 'Pegasus' },
    ]);
    expect(secondLookAt(twins.matchName('PEGASUS'), 'PEGASUS', 95, twins)).toBe('whole');
  });
});

describe('toReadCard', () => {
  const index = new CatalogIndex([
    { code: 'SZO007', name: 'Leo' },
    { code: 'EJF041', name: 'Jurōjin' },
    { code: 'ACTA045', name: 'The Sun (XIX)' },
  ]);

  it('takes a short name read from letters the OCR doubts only when spelt exactly or agreed on', () => {
    // Bench seed 39037: "Led" at OCR confidence 42 where JURŌJIN was printed.
    const led = index.matchName('Led');
    expect(led.best?.confidence).toBeGreaterThan(0.8);
    expect(toReadCard(led, { ocrConfidence: 42 })).toBeNull();
    expect(toReadCard(led, { ocrConfidence: 42, agreed: { code: 'SZO007', from: 0.5 } })).toMatchObject({
      name: 'Leo',
    });
    expect(toReadCard(led, { ocrConfidence: 80 })).toMatchObject({ name: 'Leo' });
    expect(toReadCard(index.matchName('LEO'), { ocrConfidence: 42 })).toMatchObject({ name: 'Leo' });
    expect(toReadCard(index.matchName('THE S00 XX)'), { ocrConfidence: 34 })).toBeNull();
  });

  it('shares a name read clearly among the cards of that name where no code tells them apart', () => {
    const twins = new CatalogIndex([
      { code: 'ACEM012', name: 'Osiris' },
      { code: 'EEG012', name: 'Osiris' },
    ]);
    const undecided = toReadCard(twins.matchName('OSIRIS'));
    expect(undecided).toMatchObject({ name: 'Osiris', confidence: 0.5 });
    const other = undecided!.code === 'EEG012' ? 'ACEM012' : 'EEG012';
    expect(undecided!.alternatives).toContainEqual({ code: other, name: 'Osiris', confidence: 1 });
    // The code read decides, even with a typo: the card is read as surely as its name.
    expect(toReadCard(twins.match({ nameText: 'OSIRIS', codeText: 'LEGO12' }))).toMatchObject({
      code: 'EEG012',
      confidence: 1,
    });
  });
});

describe('distinctCards', () => {
  const twins = new CatalogIndex([
    { code: 'ACEM012', name: 'Osiris' },
    { code: 'EEG012', name: 'Osiris' },
  ]);

  it('keeps a card undecided among its twins, and takes the twin for a second tile of that name', () => {
    const [first, second] = distinctCards([twins.matchName('OSIRIS'), twins.matchName('OSIRIS')]);
    expect(first.undecidedTwins).toBe(1);
    expect(toReadCard(first)!.confidence).toBe(0.5);
    // Both cards of the name are in the deck: the two tiles are them, whichever is which.
    expect(second.best?.code).not.toBe(first.best?.code);
    expect(toReadCard(second)!.confidence).toBe(1);
  });
});

describe('agreedCard', () => {
  const index = new CatalogIndex(loadRealCatalog());
  const vouchedFor = (reads: Array<[text: string, confidence: number]>) => {
    const { matches, ocrResults } = tileReadings(index, reads);
    return agreedCard(matches, ocrResults)?.code;
  };

  it('takes the card two garbled readings find from different texts', () => {
    // Small, blurred copies of the real screenshot: each crop breaks the name its own way.
    expect(
      vouchedFor([
        ['OUEEN VICIORIA AN PRNCE', 30],
        ['QUFEN VIC ORA AND PRINCF ALB', 25],
      ]),
    ).toBe('EHH005');
  });

  it('counts the same garbled text read twice as one reading', () => {
    // "All at once" seed 39076: HYPERNOVA read twice as "SRE a lL 8", which lands on Sea Lion at 0.56.
    expect(index.match({ nameText: 'SRE a lL 8' }).best).toMatchObject({ name: 'Sea Lion' });
    expect(
      vouchedFor([
        ['SRE a lL 8', 32],
        ['SRE a lL 8', 31],
      ]),
    ).toBeUndefined();
    // Seed 39079: HEIMDALL read twice as "MEMOAL", which lands on Memory at 0.67.
    expect(
      vouchedFor([
        ['MEMOAL', 0],
        ['MEMOAL', 0],
      ]),
    ).toBeUndefined();
  });

  it('of two cards each found twice, takes the one its readings fit best', () => {
    // "All at once" seed 311 (655 px, blurred): HEIMDALL's seven readings; two land on Big Al.
    expect(
      vouchedFor([
        ['HEWDAL', 18],
        ['HEWDAL', 5],
        ['0 HMENDALL', 1],
        ['HIND AL', 0],
        ['MEIN DAL', 0],
        ['WEmOAL', 0],
      ]),
    ).toBe('ACNO012');
  });

  it('takes the long-named card three garbled texts find loosely, from a lower fit', () => {
    // "All at once" seed 305 (595 px, blurred): QUEEN VICTORIA AND PRINCE ALBERT at 0.39-0.45 each.
    const texts: Array<[string, number]> = [
      ['GUERRA AND Pu | met', 27],
      ['GUER CNOE A AND Pa | aunt', 35],
      ['QUEER CVE A A re] mt', 34],
    ];
    const thrice = (reads: Array<[string, number]>) => {
      const { matches, ocrResults } = tileReadings(index, reads);
      return foundThrice(matches, ocrResults);
    };
    expect(index.match({ nameText: texts[0][0] }).best?.confidence).toBeLessThan(AGREED_BY_THREE_CONFIDENCE + 0.1);
    expect(thrice(texts)).toBe('EHH005');
    // Two such readings vouch for nothing: at 0.4 chance alone lands a reading on a long name.
    expect(thrice(texts.slice(0, 2))).toBeUndefined();
    expect(vouchedFor(texts)).toBeUndefined();
  });

  it('takes a text read twice that fits its card closely: the name read twice', () => {
    // Desaturated seed 455: KEPLER 13 A B read four times alike, at OCR confidence 15-48.
    expect(
      vouchedFor([
        ['KEPLER 13 AB', 15],
        ['KEPLER 13 AB', 48],
      ]),
    ).toBe('SFO020');
  });
});

describe('wholerName', () => {
  const index = new CatalogIndex(loadRealCatalog());
  const weighed = (text: string) => {
    const { nameText } = nameReading(text);
    return { text, nameText, best: index.matchName(nameText).best };
  };
  const whole = (chosen: string, others: string[]) =>
    wholerName(weighed(chosen), [chosen, ...others].map(weighed))?.best?.name;

  it('takes the long name a reading of one line more finds, where the card read is one of its lines', () => {
    // Small blurred copies ("all at once" tuning seeds 398 and 349): the line finder caught the
    // second line of a name set on two, and that line alone is another card.
    expect(index.matchName('GARNET').best?.name).toBe('Garnet');
    expect(whole('GARNET', ['HE NKMY HMMGHL AND\nGARNET', 'DARN'])).toBe('Henry Highland Garnet');
    expect(whole('TREE KANGAROO', ['(ORNATY\nTRIER CB ANGAROO', 'TRIER BANGAROO'])).toBe('Ornate Tree-Kangaroo');
  });

  it('keeps the card read when the other line reads as no word of the longer name', () => {
    // A label read above the name is no GREATER: Bird of Paradise stays itself.
    expect(whole('BIRD OF PARADISE', ['FROTECTED\nBIRD OF PARADISE'])).toBeUndefined();
    // A reading of one line holds no other line, however well its card fits.
    expect(whole('GARNET', ['HENRY HIGHLAND GARNET'])).toBeUndefined();
  });
});

describe('decideTile', () => {
  const index = new CatalogIndex(loadRealCatalog());
  const decided = (reads: Array<[text: string, confidence: number]>) => {
    const { matches, ocrResults, parsed } = tileReadings(index, reads);
    const { chosen, evidence } = decideTile(matches, ocrResults, parsed);
    return toReadCard(chosen, evidence)?.name;
  };

  it('takes the long name readings of more lines find over a card one of its lines is', () => {
    expect(
      decided([
        ['SANNE', 0],
        ['GARNET', 59],
        ['HE NKMY HMMGHL AND\nGARNET', 36],
        ['DARN', 0],
      ]),
    ).toBe('Henry Highland Garnet');
  });

  it('lets three garbled readings of one long name outvote a card one reading alone finds', () => {
    // "all at once" tuning seed 349 (520 px, blurred): a stroke of the tile read as "I" is the card "i".
    const kepler: Array<[string, number]> = [
      ['CEAPLER 5 SUPT ANOVYA', 9],
      ['EEPLER 5 SUFTANOYA', 9],
      ['SEPLER 5 SUFI ANOVA', 4],
      ['|', 96],
      ['I', 90],
    ];
    expect(decided(kepler)).toBe("Kepler's Supernova");
    // Read twice, the short card stands.
    expect(decided([...kepler, ['I', 88]])).toBe('i');
  });

  it('takes the card two garbled readings agree on over one reading alone too unsure to be read', () => {
    // "all at once" tuning seed 234 (490 px), enlarged: a reading of art fit Flea at 0.75, two
    // readings of THE FOOL (XXII) fit it at 0.62 and 0.66.
    const fool: Array<[string, number]> = [
      ['Tl FOO (xx)', 10],
      ['Tvl FOO (xxl)', 24],
    ];
    expect(decided([...fool, ['PLEA', 41]])).toBe('The Fool (XXII)');
    // Alone, neither is read.
    expect(decided([fool[1], ['PLEA', 41]])).toBeUndefined();
  });

  it('takes a long name read cleanly over a short one a garbled reading fits better', () => {
    // "restyled + photo" tuning seed 230: EASTER ISLAND / STATUES, each line read on its own.
    expect(
      decided([
        ['Easter Island', 92],
        ['Easter Island', 66],
        ['Satues', 0],
        ['Statues', 58],
      ]),
    ).toBe('Easter Island Statues');
  });

  it('takes no card from readings that fit two cards alike', () => {
    // "restyled + small" unseen seed 39404 (523 px, blurred): ROBIN read garbled twice, and "RO".
    expect(
      decided([
        ['ROMN', 0],
        ['ROMMN', 0],
        ['RO', 90],
      ]),
    ).toBeUndefined();
  });

  it('takes the name two readings of one line each spell exactly, one above the other', () => {
    // "restyled: other name face" unseen seed 39479: each line of YELLOW-BELLIED / SEA SNAKE read
    // clearly by crops apart, and SEA SNAKE alone fit Sea Sparkle at 0.73.
    const apart: Array<[string, number]> = [
      ['Yellow-Bellied', 49],
      ['Yellow-Bellied', 90],
      ['Yellow Beiliec', 48],
      ['Sea Snake', 95],
      ['JCa hii', 21],
    ];
    expect(decided(apart)).toBe('Sea Sparkle');
    const joined = linesOfOneName(
      apart.map(([text, confidence]) => ({ text, confidence })),
      index,
    );
    expect(joined).toEqual([{ text: 'Yellow-Bellied\nSea Snake', confidence: 90 }]);
    expect(decided([...apart, ...joined.map((r): [string, number] => [r.text, r.confidence])])).toBe(
      'Yellow-Bellied Sea Snake',
    );
    // Lines that only come close to a name join into nothing; crops are read in any order.
    const near = [
      { text: 'Yellow Beiliec', confidence: 48 },
      { text: 'Sea Snake', confidence: 95 },
    ];
    expect(linesOfOneName(near, index)).toEqual([]);
    expect(
      linesOfOneName(
        [
          { text: 'Sea Snake', confidence: 95 },
          { text: 'Yellow-Bellied', confidence: 90 },
        ],
        index,
      ),
    ).toHaveLength(1);
  });
});
