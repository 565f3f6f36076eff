/**
 * fast-check arbitraries built from the JSON Schemas of the OpenAPI document: values that follow
 * a schema, and values that break it one field at a time. Covers what the document uses (objects,
 * strings with lengths, formats and enums, numbers, booleans, arrays, nullable types, $ref).
 */
import fc, { type Arbitrary } from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};

type Components = { schemas?: Record<string, JsonSchema> };

/** Names every JavaScript object inherits: a person's words used as a key must not find them. */
const OBJECT_MEMBERS = ['constructor', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf', 'toString', '__proto__'];
/** Text people type, from every corner of Unicode: accents, right-to-left scripts, emoji; and words that are keys of every object. */
const HUMAN = ['Zoë', 'مرحبا', 'שלום', '👩🏽‍💻', '🚀', 'Ünïcödé', '名前', 'ok', ' spaced ', 'a\tb', 'line\nbreak', ...OBJECT_MEMBERS];
const humanText = (min: number, max: number) =>
  fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max, min + 40) }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 20) }),
    fc
      .array(fc.constantFrom(...HUMAN), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join(' '))
      .filter((s) => s.length >= min && s.length <= max),
  );

export function resolve(schema: JsonSchema, components: Components): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = components.schemas?.[name];
  if (!found) throw new Error(`unknown $ref ${schema.$ref}`);
  return resolve(found, components);
}

const types = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** Values to use for properties of a given name (ids and emails that exist), beside random ones. */
export type Hints = Record<string, Arbitrary<unknown>>;

/** Values that follow the schema (the server may still refuse them for rules a schema cannot say). */
export function valid(schema: JsonSchema, components: Components, hints: Hints = {}): Arbitrary<unknown> {
  const s = resolve(schema, components);
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => valid(v, components, hints)));
  if (s.enum) return fc.constantFrom(...s.enum);
  const kinds = types(s);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => valid({ ...s, type }, components, hints)));
  switch (kinds[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'array':
      return fc.array(valid(s.items ?? {}, components, hints), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object': {
      const model = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [
          k,
          hints[k]
            ? fc.oneof({ arbitrary: hints[k], weight: 3 }, { arbitrary: valid(v, components, hints), weight: 1 })
            : valid(v, components, hints),
        ]),
      );
      // A map keyed by people's words (what each position needs, by title).
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
        return fc.dictionary(humanText(1, 100), valid(s.additionalProperties, components, hints), { maxKeys: 4 });
      }
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    case 'string':
      return validString(s);
    default:
      return fc.jsonValue();
  }
}

function validString(s: JsonSchema): Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= max);
    case 'uri':
      return fc.webUrl().filter((u) => u.length <= max);
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    default:
      return humanText(min, max);
  }
}

/** One value that breaks a schema: the wrong type, a huge or odd string, a number out of range. */
export function wrongValue(schema: JsonSchema, components: Components): Arbitrary<unknown> {
  const s = resolve(schema, components);
  const kinds = types(s);
  const wrongTypes: unknown[] = [42, -1.5, true, 'text', [], {}, null].filter((v) => {
    const t =
      v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
    return !kinds.includes(t) && !(t === 'integer' && kinds.includes('number'));
  });
  const odd: Arbitrary<unknown>[] = [fc.constantFrom(...wrongTypes)];
  if (kinds.includes('string') || kinds.length === 0) {
    odd.push(
      fc.constant('x'.repeat(Math.max(s.maxLength ?? 0, 1000) + 1)),
      fc.constant(''),
      fc.constant('   '),
      fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\u202Eevil', '<script>alert(1)</script>', "' or 1=1 --", '%00', '../../etc/passwd'),
      fc.constantFrom(...OBJECT_MEMBERS),
      fc.string({ unit: 'binary', maxLength: 60 }),
    );
  }
  if (kinds.includes('integer') || kinds.includes('number')) {
    odd.push(fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.5, (s.maximum ?? 1e9) + 1, (s.minimum ?? -1e9) - 1));
  }
  if (kinds.includes('array')) {
    odd.push(fc.constant(Array.from({ length: (s.maxItems ?? 100) + 1 }, () => 'x')), fc.array(fc.jsonValue(), { maxLength: 4 }));
  }
  if (kinds.includes('object')) odd.push(fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue(), { maxKeys: 4 }));
  return fc.oneof(...odd);
}

/** Paths ('skills.0.name') of the fields an object schema describes, two levels deep. */
export function fieldPaths(schema: JsonSchema, components: Components, prefix: string[] = []): { path: string[]; schema: JsonSchema }[] {
  const s = resolve(schema, components);
  if (!s.properties || prefix.length >= 3) return [];
  return Object.entries(s.properties).flatMap(([key, child]) => {
    const here = { path: [...prefix, key], schema: child };
    const inner = resolve(child, components);
    const nested = inner.items
      ? fieldPaths(inner.items, components, [...prefix, key, '0'])
      : fieldPaths(child, components, [...prefix, key]);
    return [here, ...nested];
  });
}

/** A copy of `value` with the field at `path` replaced by `replacement`, or removed when it is `undefined`. */
export function withField(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const container = (value !== null && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(container) ? [...container] : { ...container };
  const next = withField((copy as Record<string, unknown>)[head], rest, replacement);
  if (next === undefined) delete (copy as Record<string, unknown>)[head];
  else (copy as Record<string, unknown>)[head] = next;
  return copy;
}
