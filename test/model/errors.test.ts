// One mapping from errors to exit codes: bad input is 2, anything else (a failed defense, a bug) is 1.
import { describe, expect, it } from 'vitest';
import { DefenseError, exitCodeOf, InputError } from '../../src/model/errors.js';

describe('exitCodeOf', () => {
  it.each([
    ['bad input', 2, new InputError('--corpus: unknown value')],
    ['a failed defense', 1, new DefenseError('it hung')],
    ['a bug (TypeError)', 1, new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a bug (RangeError)', 1, new RangeError('Maximum call stack size exceeded')],
    ['something thrown that is not an Error', 1, 'oops'],
  ] as const)('%s exits %i', (_, code, e) => {
    expect(exitCodeOf(e)).toBe(code);
  });
});
