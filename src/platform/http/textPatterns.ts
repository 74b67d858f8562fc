/**
 * The two patterns the contract gives its free-text inputs (openapi/v1.yaml), and what to tell
 * a client whose value breaks one (the validator would quote the pattern itself).
 * test/control-characters.test.ts checks that every free-text input of the contract carries one
 * of them and that they say what the API does.
 */

/** No C0 control character but tab, line feed and carriage return. */
export const TEXT_PATTERN = '^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F]*$';

/** Whitespace as JavaScript's trim() removes it, tab and line breaks included (vertical tab and form feed are controls). */
const SPACES = '\\t\\n\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF';
const CONTROLS = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F';

/**
 * A name: text as {@link TEXT_PATTERN} that is not only spaces. Linear to match: the leading
 * spaces end at the first other character, which must not be a control.
 */
export const NAME_PATTERN = `^[${SPACES}]*[^${SPACES}${CONTROLS}][^${CONTROLS}]*$`;

/** A readable message for a value that breaks one of these patterns; undefined for another pattern. */
export function patternMessage(validatorMessage: string): string | undefined {
  if (validatorMessage.includes(NAME_PATTERN)) return 'must hold something other than spaces, and no control characters (tab and line breaks aside)';
  if (validatorMessage.includes(TEXT_PATTERN)) return 'must not contain control characters; only tab and line breaks are allowed';
  return undefined;
}
