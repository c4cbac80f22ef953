import type { FastifyInstance } from 'fastify';
import fastifySwaggerUi from '@fastify/swagger-ui';

export const API_REFERENCE_PREFIX = '/api/docs';

/**
 * The browsable API reference at /api/docs: Swagger UI rendering the same OpenAPI document as
 * /api/v1/openapi.json, every asset served from our own origin (no CDN), so the app's CSP holds unchanged.
 * Routes are grouped by their OpenAPI tags; the plugin's calls carry the `client API` tag.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_REFERENCE_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tagsSorter: 'alpha', operationsSorter: 'alpha' },
    theme: { title: 'ProductHub API reference' },
    uiHooks: { onRequest: async (_request, reply) => void reply.header('Cache-Control', 'no-cache') },
  });
}
