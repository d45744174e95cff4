// Values for an OpenAPI (JSON Schema) schema: mostly-valid ones with one hostile mutation, so the
// fuzzer gets past the outer checks and reaches the code behind them, plus wholly wrong ones.
import fc from 'fast-check';
import { hostileJson, hostileString } from './hostile-values';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Strings at and just past the declared length limits. */
function boundaryString(schema: JsonSchema): fc.Arbitrary<string> {
  const sizes = [schema.minLength, schema.maxLength]
    .filter((n): n is number => typeof n === 'number')
    .flatMap((n) => [n - 1, n, n + 1])
    .filter((n) => n >= 0);
  return sizes.length > 0 ? fc.constantFrom(...sizes).map((n) => 'a'.repeat(n)) : fc.string({ maxLength: 20 });
}

/**
 * Many distinct values, up to the declared maximum: a filter of 63+ distinct cards once cost one
 * SQL join each and went past SQLite's 64-table limit. Only for lists of free text (an enum has
 * too few values to fill one).
 */
function manyDistinctValues(schema: JsonSchema): fc.Arbitrary<unknown[]> | null {
  const item = schema.items;
  if (!item || item.enum || (Array.isArray(item.type) ? item.type[0] : item.type) !== 'string') return null;
  const most = Math.min(schema.maxItems ?? 200, 200);
  // Words, not blanks: a list item that trims to nothing is refused before the query is reached.
  return fc.uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 '-]{0,28}[A-Za-z0-9]$/), {
    minLength: Math.min(60, most),
    maxLength: most,
  });
}

/**
 * An otherwise valid object whose free-text lists are long and distinct (and every other field left
 * out), so the request gets past validation to the query; null when the schema has no such list.
 */
export function manyValuesObject(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown>> | null {
  const lists = Object.entries(schema?.properties ?? {}).flatMap(([key, s]) => {
    const many = manyDistinctValues(s);
    return many ? [[key, many] as const] : [];
  });
  // One list per body: a list whose values must be known (albums) would stop the others with a 400.
  return lists.length > 0 ? fc.oneof(...lists.map(([key, many]) => many.map((values) => ({ [key]: values })))) : null;
}

/** A value shaped like the schema, each leaf sometimes replaced by a hostile one. */
export function schemaValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileJson;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => schemaValue(s, depth + 1)));
  if (schema.allOf?.length) return schemaValue(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    switch (type) {
      case 'object': {
        const entries = Object.entries(schema.properties ?? {}).map(
          ([key, s]) => [key, schemaValue(s, depth + 1)] as const,
        );
        return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
      }
      case 'array': {
        const few = fc.array(schemaValue(schema.items, depth + 1), {
          maxLength: Math.min((schema.maxItems ?? 5) + 1, 8),
        });
        const many = manyDistinctValues(schema);
        return many ? fc.oneof({ weight: 3, arbitrary: few }, { weight: 1, arbitrary: many }) : few;
      }
      case 'string':
        return fc.oneof(fc.string({ maxLength: 30 }), boundaryString(schema), fc.emailAddress());
      case 'integer':
        return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER));
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      case 'boolean':
        return fc.boolean();
      default:
        return hostileJson;
    }
  })();
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: hostileJson },
    { weight: 1, arbitrary: hostileString },
  );
}
