import { Hono } from 'hono';
import type { AppEnv } from '../../deps.ts';
import { openApiDocument } from './document.ts';

export function openapiRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/openapi.json', (c) => c.json(openApiDocument()));
  return app;
}
