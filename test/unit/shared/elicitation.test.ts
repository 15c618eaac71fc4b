import { describe, expect, it } from 'vitest';
import type * as acp from '@agentclientprotocol/sdk';
import { checkContent, ELICITATION_BOUNDS, elicitationForm, initialValues } from '../../../src/shared/elicitation';
import { formProblemWords } from '../../../src/shared/entryWords';

function form(properties: Record<string, unknown>, required: string[] = [], extra: Record<string, unknown> = {}) {
  return elicitationForm({
    sessionId: 's',
    mode: 'form',
    message: 'Fill in',
    requestedSchema: { type: 'object', properties, required, ...extra },
  } as acp.CreateElicitationRequest);
}

describe('elicitationForm', () => {
  it('maps each schema kind to a field; enums become choices with their titles', () => {
    const f = form({
      a: { type: 'string', minLength: 2, maxLength: 4, default: 'abc' },
      b: { type: 'number', minimum: 0.5, maximum: 2 },
      c: { type: 'integer', default: 3 },
      d: { type: 'boolean', default: true },
      e: { type: 'string', enum: ['x', 'y'] },
      g: { type: 'string', oneOf: [{ const: 'p', title: 'Pea' }] },
      h: { type: 'array', items: { anyOf: [{ const: 'q', title: 'Queue' }] }, minItems: 1, maxItems: 1 },
    });
    expect(f.fields.map((field) => field.kind)).toEqual([
      'text',
      'number',
      'integer',
      'boolean',
      'select',
      'select',
      'multiselect',
    ]);
    expect(f.fields[4]).toMatchObject({
      options: [
        { value: 'x', label: 'x' },
        { value: 'y', label: 'y' },
      ],
    });
    expect(f.fields[5]).toMatchObject({ options: [{ value: 'p', label: 'Pea' }] });
    expect(f.fields[6]).toMatchObject({ options: [{ value: 'q', label: 'Queue' }], minItems: 1, maxItems: 1 });
    expect(initialValues(f)).toEqual({ a: 'abc', c: 3, d: true });
    expect(f.unusable).toBeNull();
  });

  it('skips optional fields of unknown types; a required one makes the form unusable', () => {
    expect(form({ a: { type: 'object' }, b: { type: 'string' } }).fields.map((field) => field.name)).toEqual(['b']);
    const unusable = form({ a: { type: 'object' } }, ['a']).unusable;
    expect(unusable).toEqual({ kind: 'unknownRequired', names: 'a' });
    expect(formProblemWords(unusable!)).toBe('Switchboard cannot show the required field a.');
  });

  it('bounds texts, fields and options', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, { type: 'string' }]));
    const f = form(many);
    expect(f.fields).toHaveLength(ELICITATION_BOUNDS.fields);
    expect(f.unusable).toEqual({ kind: 'tooManyFields', count: 50, max: ELICITATION_BOUNDS.fields });
    expect(formProblemWords(f.unusable!)).toBe(
      `The form has 50 fields; Switchboard shows at most ${ELICITATION_BOUNDS.fields}.`,
    );
    const long = form({
      a: { type: 'string', title: 'x'.repeat(5000), enum: Array.from({ length: 500 }, (_, i) => `${i}`) },
    });
    expect(long.fields[0]!.title.length).toBe(ELICITATION_BOUNDS.title + 1);
    expect(long.fields[0]).toMatchObject({ kind: 'select' });
    expect((long.fields[0] as { options: unknown[] }).options).toHaveLength(ELICITATION_BOUNDS.options);
  });

  it('survives a malformed schema', () => {
    for (const requestedSchema of [null, 'x', { properties: 'x' }, { properties: { a: null, b: 5 } }]) {
      const f = elicitationForm({ sessionId: 's', mode: 'form', message: 5, requestedSchema } as never);
      expect(f.fields).toEqual([]);
      expect(f.message).toBe('');
    }
  });
});

describe('checkContent', () => {
  const f = form(
    {
      name: { type: 'string', minLength: 2, maxLength: 3 },
      n: { type: 'integer', minimum: 1, maximum: 3 },
      x: { type: 'number' },
      ok: { type: 'boolean' },
      pick: { type: 'string', enum: ['a', 'b'] },
      many: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 2, maxItems: 2 },
    },
    ['name'],
  );

  it('accepts fitting values, keeps only the form fields, leaves empty optional ones out', () => {
    expect(
      checkContent(f, { name: 'ab', n: 2, x: 0.5, ok: false, pick: 'b', many: ['a', 'c'], junk: 1, pick2: '' }),
    ).toEqual({
      ok: true,
      content: { name: 'ab', n: 2, x: 0.5, ok: false, pick: 'b', many: ['a', 'c'] },
    });
    expect(checkContent(f, { name: 'abc', pick: '' })).toEqual({ ok: true, content: { name: 'abc' } });
  });

  it('names what is wrong by field', () => {
    const checked = checkContent(f, { n: 1.5, x: 'y', ok: 'yes', pick: 'z', many: ['a', 'a'] });
    expect(checked).toEqual({
      ok: false,
      problems: {
        name: 'Required.',
        n: 'Must be a whole number.',
        x: 'Must be a number.',
        ok: 'Must be yes or no.',
        pick: 'Pick one of the choices.',
        many: 'Each choice once.',
      },
    });
    expect(checkContent(f, { name: 'a', n: 0 })).toMatchObject({
      problems: { name: 'At least 2 characters.', n: 'At least 1.' },
    });
    expect(checkContent(f, { name: 'abcd', n: 4 })).toMatchObject({
      problems: { name: 'At most 3 characters.', n: 'At most 3.' },
    });
    expect(checkContent(f, { name: 'ab', many: ['a'] })).toMatchObject({ problems: { many: 'Pick at least 2.' } });
    expect(checkContent(f, { name: 'ab', many: ['a', 'b', 'c'] })).toMatchObject({
      problems: { many: 'Pick at most 2.' },
    });
    expect(checkContent(f, { name: 'ab', many: ['z'] })).toMatchObject({
      problems: { many: 'Pick from the choices.' },
    });
    expect(checkContent(f, { name: 5 })).toMatchObject({ problems: { name: 'Must be text.' } });
  });
});
