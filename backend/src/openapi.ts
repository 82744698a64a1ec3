import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorBody } from './platform/http/errors.filter.js';

/** The API's OpenAPI document, as served at /api/docs-json and as the frontend's types are generated from. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Kauri API')
    .setDescription(
      'Tokenise New Zealand real-world assets; offer them to verified wholesale investors (FMC Act 2013, Schedule 1).',
    )
    .setVersion('1')
    .addCookieAuth('kauri.sid', { type: 'apiKey', in: 'cookie', name: 'kauri.sid' }, 'cookie')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Token from POST /api/auth/callback' })
    .addGlobalParameters({
      in: 'header',
      name: 'X-Read-After',
      required: false,
      schema: { type: 'integer', minimum: 1 },
      description:
        'Read-your-writes: answer once the read models have passed this log position (a write answers with it)',
    })
    .build();
  // Every refused request answers ErrorBody; no handler names it, so it is added here.
  return SwaggerModule.createDocument(app, config, { extraModels: [ErrorBody] });
}
