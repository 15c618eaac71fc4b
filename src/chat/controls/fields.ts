// The checks a control's message fields pass before its handler sees them (controls/control.ts `Shape`). The
// webview is our own code, but it renders agent-supplied markdown, so the host treats its messages as untrusted
// input. Each check is a type guard: a shape whose check lets through more than the contract type says does not
// compile.
import type { ContextRef } from '../../shared/promptContext';
import { parseContextRefs } from '../contextRefs';

export type Field<T> = (value: unknown) => value is T;

export const text: Field<string> = (value): value is string => typeof value === 'string';

export const flag: Field<boolean> = (value): value is boolean => typeof value === 'boolean';

/** A number that is one (not NaN, not infinite). */
export const finite: Field<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);

/** A write's revision in the keeper of file texts: a whole number from 1. */
export const revision: Field<number> = (value): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A sequence number or a count: a whole number from 0. */
export const count: Field<number> = (value): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** A plain object (an elicitation form's values; checked again against the form). */
export const record: Field<Record<string, unknown>> = (value): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Attached context (optional): references only, checked whole (contextRefs.ts). */
export const contextRefs: Field<ContextRef[] | undefined> = (value): value is ContextRef[] | undefined =>
  parseContextRefs(value) !== null;

export function oneOf<const Values extends readonly string[]>(...values: Values): Field<Values[number]> {
  return (value): value is Values[number] => typeof value === 'string' && values.includes(value);
}

export function optional<T>(field: Field<T>): Field<T | undefined> {
  return (value): value is T | undefined => value === undefined || field(value);
}

export function orNull<T>(field: Field<T>): Field<T | null> {
  return (value): value is T | null => value === null || field(value);
}

export function either<A, B>(first: Field<A>, second: Field<B>): Field<A | B> {
  return (value): value is A | B => first(value) || second(value);
}
