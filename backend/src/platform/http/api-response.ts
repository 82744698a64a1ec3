import { applyDecorators, type Type } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiProduces,
  ApiProperty,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';

/** A handler whose answer is T (or a promise of it); its parameters do not matter here. */
type Handler<T> = (...args: never[]) => T | Promise<T>;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date;
type AllKeys<T> = T extends unknown ? keyof T : never;
type Field<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type Item<T> = T extends readonly (infer I)[] ? I : never;

/**
 * The fields (as paths like `.offerings[].name`) that an answer of type R has and the documented type T lacks, at
 * any depth; never when T documents all of R. A field documented as unknown may hold anything.
 */
export type Undocumented<R, T, Path extends string = ''> = unknown extends T
  ? never
  : R extends Leaf
    ? never
    : R extends readonly (infer I)[]
      ? Undocumented<I, Item<T>, `${Path}[]`>
      : {
          [K in keyof R & string]-?: K extends AllKeys<T>
            ? Undocumented<R[K], Field<T, K>, `${Path}.${K}`>
            : `${Path}.${K}`;
        }[keyof R & string];

/** Compiles only when nothing is undocumented; otherwise the error names the missing fields. */
type AllDocumented<P> = [P] extends [never] ? unknown : { 'fields the response class does not document': P };

/**
 * The fields (as paths) of a documented type whose names start with `_`, at any depth: the read side's bookkeeping
 * (`_id`, `_position`), which no answer carries — an answer names a document's id `id`.
 */
export type InternalFields<T, Path extends string = ''> = unknown extends T
  ? never
  : T extends Leaf
    ? never
    : T extends readonly (infer I)[]
      ? InternalFields<I, `${Path}[]`>
      : {
          [K in keyof T & string]-?: K extends `_${string}` ? `${Path}.${K}` : InternalFields<T[K], `${Path}.${K}`>;
        }[keyof T & string];

/** Compiles only when the documented type has no internal field; otherwise the error names them. */
type NoInternals<P> = [P] extends [never] ? unknown : { 'read-model fields the response class declares': P };

/**
 * A method decorator that only compiles on a handler answering T, every field of whose answer T documents (extra
 * fields would reach clients without being in the OpenAPI document), where T declares no internal field.
 */
export type AnswerDecorator<T> = <M extends Handler<T>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M> &
    AllDocumented<Undocumented<Awaited<ReturnType<M>>, T>> &
    NoInternals<InternalFields<T>>,
) => void;

interface AnswerDocumenter {
  <T>(type: Type<T>, description?: string): AnswerDecorator<T>;
  <T>(type: [Type<T>], description?: string): AnswerDecorator<T[]>;
}

const documenter = (respond: typeof ApiOkResponse): AnswerDocumenter =>
  ((type: Type<unknown> | [Type<unknown>], description?: string) => respond({ type, description })) as AnswerDocumenter;

/**
 * Documents the handler's 200 answer as `type` (one, or `[type]` for a list) and ties it to the handler's return
 * type: a handler that returns something else, or more than the class documents, does not compile — so the
 * OpenAPI document, and the frontend's types generated from it, cannot drift from what the handler answers.
 */
export const ApiOk = documenter(ApiOkResponse);
/**
 * ApiOk for an answer of either shape, as who asks decides (/api/health: the operator's has more): documented as
 * `anyOf` the two (the fuller one also fits the other) and tied to the handler's return type alike.
 */
export const ApiOkEither = <A, B>(a: Type<A>, b: Type<B>, description?: string): AnswerDecorator<A | B> =>
  applyDecorators(
    ApiExtraModels(a, b),
    ApiOkResponse({ description, schema: { anyOf: [{ $ref: getSchemaPath(a) }, { $ref: getSchemaPath(b) }] } }),
  ) as AnswerDecorator<A | B>;
/** ApiOk for a handler answering 201 Created. */
export const ApiCreated = documenter(ApiCreatedResponse);
/** ApiOk for a handler answering 202 Accepted (work started; its progress is read elsewhere). */
export const ApiAccepted = documenter(ApiAcceptedResponse);

/**
 * Documents a 200 answer that is a file (a download, a PDF, a CSV): its bytes in one of these media types. The
 * generated frontend types then know the operation answers a body, not nothing.
 */
export const ApiFile = (mediaTypes: readonly string[], description: string) =>
  applyDecorators(
    ApiProduces(...mediaTypes),
    ApiOkResponse({
      description,
      content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    }),
  );

/** The refusals a handler documents: each status, and when it answers it (in the specification's words). */
export type Refusals = Partial<Record<400 | 403 | 404 | 409 | 422, string>>;

/**
 * Documents a handler's refusals, each `{ message, errors? }` (ErrorBody), beside the 401 and 403 that
 * `@Authenticated` and `@Roles` document (a second 403 text is added to the role's, not put in its place).
 */
export const ApiRefusals = (refusals: Refusals) =>
  applyDecorators(
    ...Object.entries(refusals).map(([status, description]) => ApiResponse({ status: Number(status), description })),
  );

/** A command's answer: done, and the global position of its last event (read-your-writes: X-Read-After). */
export class WrittenDto {
  @ApiProperty() success: boolean;
  @ApiProperty({ description: 'Event log position, for X-Read-After' }) position: number;
}

/** A command that created something: its id beside the position. */
export class CreatedDto extends WrittenDto {
  @ApiProperty() id: string;
}

/**
 * A string union's values as a list for `enum:`, which the compiler checks complete: `allOf<Kind>({ a: true, b:
 * true })` fails to compile when a value is missing or is not one of the union's.
 */
export const allOf = <T extends string>(values: Record<T, true>): T[] => Object.keys(values) as T[];
