import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { IsInt, IsNumber, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { plainMessage, validationPipe } from './validation.js';

class Example {
  @IsString() @MaxLength(5) firstName!: string;
  @IsNumber() totalSupply!: number;
  @IsOptional() @IsInt() lockUpMonths?: number;
  @IsString() @MinLength(2, { message: 'Verifier name required' }) verifierName!: string;
}

/** What the pipe answers for this body: the 400's `{ message, errors }`. */
async function refusal(body: unknown) {
  try {
    await validationPipe().transform(body, { type: 'body', metatype: Example });
  } catch (error) {
    return (error as BadRequestException).getResponse() as {
      message: string;
      errors: { field: string; message: string }[];
    };
  }
  throw new Error('accepted');
}

describe('validation messages', () => {
  it("puts class-validator's own wording in plain words and keeps the DTO's messages as they are", async () => {
    const answer = await refusal({
      firstName: 'Aroha Ngata',
      totalSupply: 'many',
      lockUpMonths: 1.5,
      verifierName: 'A',
      role: 'admin',
    });
    expect(answer.errors).toEqual([
      { field: 'role', message: 'Role is not a field of this request' },
      { field: 'firstName', message: 'First name must be at most 5 characters' },
      { field: 'totalSupply', message: 'Total supply must be a number' },
      { field: 'lockUpMonths', message: 'Lock up months must be a whole number' },
      { field: 'verifierName', message: 'Verifier name required' },
    ]);
    expect(answer.message).toBe('Role is not a field of this request');
  });

  it('a field of the wrong type reads as what it should be', async () => {
    const answer = await refusal({ firstName: 7, totalSupply: 1, verifierName: 'Aroha' });
    expect(answer.errors).toEqual([{ field: 'firstName', message: 'First name must be text' }]);
  });

  it('leaves a message that does not start with the property alone', () => {
    expect(plainMessage('email', 'Valid verifier email required')).toBe('Valid verifier email required');
    expect(plainMessage('tokens', 'tokens must not be less than 1')).toBe('Tokens must be at least 1');
    expect(
      plainMessage(
        'verificationDocuments',
        'each value in nested property verificationDocuments must be either object or array',
      ),
    ).toBe('Each item of verification documents must be an object');
  });
});
