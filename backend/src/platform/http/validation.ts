import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], prefix = ''): { field: string; message: string }[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    // One message per field: the first rule that failed, in declaration order (class-validator reports
    // constraints in reverse declaration order, so take the last).
    const messages = Object.values(e.constraints ?? {});
    const own =
      messages.length > 0 ? [{ field, message: plainMessage(e.property, messages[messages.length - 1]!) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** class-validator's own wording (where a DTO gives no message of its own) → what a person reads. */
const PLAIN: readonly [RegExp, string][] = [
  [/^must be a number conforming to the specified constraints$/, 'must be a number'],
  [/^must be an integer number$/, 'must be a whole number'],
  [/^must be a string$/, 'must be text'],
  [/^must be a boolean value$/, 'must be true or false'],
  [/^must be shorter than or equal to (\d+) characters$/, 'must be at most $1 characters'],
  [/^must be longer than or equal to (\d+) characters$/, 'must be at least $1 characters'],
  [/^must not be greater than (\S+)$/, 'must be at most $1'],
  [/^must not be less than (\S+)$/, 'must be at least $1'],
  [/^should not be empty$/, 'is required'],
  [/^must be an array$/, 'must be a list'],
];

/** "firstName" → "First name"; an array's index stays as it is. */
const labelOf = (property: string) => {
  const words = property.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A DTO's own messages are the spec's texts and pass as they are. class-validator's defaults start with the
 * property's name ("firstName must be a string", "property x should not exist"): those are put in plain words.
 */
export function plainMessage(property: string, message: string): string {
  if (message === `property ${property} should not exist`) return `${labelOf(property)} is not a field of this request`;
  if (message === `each value in nested property ${property} must be either object or array`)
    return `Each item of ${labelOf(property).toLowerCase()} must be an object`;
  if (message === `nested property ${property} must be either object or array`)
    return `${labelOf(property)} must be an object`;
  if (!message.startsWith(`${property} `)) return message;
  const rest = message.slice(property.length + 1);
  const rule = PLAIN.find(([pattern]) => pattern.test(rest));
  return `${labelOf(property)} ${rule ? rest.replace(rule[0], rule[1]) : rest}`;
}

/** class-validator on every body, with the spec's messages as `{ message, errors: [{ field, message }] }`. */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const list = flatten(errors);
      return new BadRequestException({ message: list[0]?.message ?? 'Invalid request', errors: list });
    },
  });
}

/**
 * A number sent as text (a query string's, or a JSON field a page filled from a text input), for `@Transform`: "1000", "-3", "12.5" are read as numbers; anything else — hex
 * ("0x10"), exponents ("1e2"), "Infinity", blanks — stays as it is and fails the field's validation, so nobody's
 * amount or count is read as a figure they did not write.
 */
export const numberFromText = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
