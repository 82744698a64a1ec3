import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function flatten(errors: ValidationError[], prefix = ''): { field: string; message: string }[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    // One message per field: the first rule that failed, in declaration order (class-validator reports
    // constraints in reverse declaration order, so take the last).
    const messages = Object.values(e.constraints ?? {});
    const own = messages.length > 0 ? [{ field, message: messages[messages.length - 1]! }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
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
 * A number a form may send as text, for `@Transform`: "1000", "-3", "12.5" are read as numbers; anything else — hex
 * ("0x10"), exponents ("1e2"), "Infinity", blanks — stays as it is and fails the field's validation, so nobody's
 * amount or count is read as a figure they did not write.
 */
export const numberFromText = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
