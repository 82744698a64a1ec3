import { applyDecorators, type Type } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProperty } from '@nestjs/swagger';

/** A handler whose answer is T (or a promise of it); its parameters do not matter here. */
type Handler<T> = (...args: never[]) => T | Promise<T>;

/** A method decorator that only compiles on a handler answering T. */
export type AnswerDecorator<T> = <M extends Handler<T>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;

/**
 * Documents the handler's 200 answer as `type` (one, or `[type]` for a list) and ties it to the handler's return
 * type: a handler that returns something else does not compile, so the OpenAPI document — and the frontend's
 * types generated from it — cannot drift from what the handler answers.
 */
export function ApiOk<T>(type: Type<T>, description?: string): AnswerDecorator<T>;
export function ApiOk<T>(type: [Type<T>], description?: string): AnswerDecorator<T[]>;
export function ApiOk<T>(type: Type<T> | [Type<T>], description?: string): AnswerDecorator<T> {
  return applyDecorators(ApiOkResponse({ type, description })) as AnswerDecorator<T>;
}

/** ApiOk for a handler answering 201 Created. */
export function ApiCreated<T>(type: Type<T>, description?: string): AnswerDecorator<T>;
export function ApiCreated<T>(type: [Type<T>], description?: string): AnswerDecorator<T[]>;
export function ApiCreated<T>(type: Type<T> | [Type<T>], description?: string): AnswerDecorator<T> {
  return applyDecorators(ApiCreatedResponse({ type, description })) as AnswerDecorator<T>;
}

/** A command's answer: done, and the global position of its last event (read-your-writes: X-Read-After). */
export class WrittenDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

/** A command that created something: its id beside the position. */
export class CreatedDto extends WrittenDto {
  @ApiProperty() id: string;
}
