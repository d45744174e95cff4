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
  const sizes = [schema.minLength, schema.maxLength].filter((n): n is number => typeof n === 'number').flatMap((n) => [n - 1, n, n + 1]).filter((n) => n >= 0);
  return sizes.length > 0 ? fc.constantFrom(...sizes).map((n) => 'a'.repeat(n)) : fc.string({ maxLength: 20 });
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
        const entries = Object.entries(schema.properties ?? {}).map(([key, s]) => [key, schemaValue(s, depth + 1)] as const);
        return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
      }
      case 'array':
        return fc.array(schemaValue(schema.items, depth + 1), { maxLength: Math.min((schema.maxItems ?? 5) + 1, 8) });
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
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileJson }, { weight: 1, arbitrary: hostileString });
}
