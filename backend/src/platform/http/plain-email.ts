import { ValidateBy, type ValidationOptions } from 'class-validator';
import { EMAIL_NOT_PLAIN } from '../../messages.js';
import { isPlainEmail } from '../email-key.js';

/**
 * An e-mail field that names a person (registration, register-interest, a reset link): plain characters only
 * (`isPlainEmail`). Declare it after `@IsEmail`, so a malformed address reads as invalid first; anything but a string
 * is left to `@IsEmail`.
 */
export function IsPlainEmail(options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPlainEmail',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || isPlainEmail(value),
        defaultMessage: () => EMAIL_NOT_PLAIN,
      },
    },
    options,
  );
}
