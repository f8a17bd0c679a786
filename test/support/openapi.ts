import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../../lambdas/openapi';

const DOCUMENT_ID = 'https://careloop.invalid/openapi.json';

/** JSON Pointer escaping of one path segment (`/patients/{patientId}` → `~1patients~1{patientId}`). */
const pointer = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Checks answers against an OpenAPI document with ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses):
 * `check` gives ajv's errors for a body, or names what the document lacks (route, status).
 */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The whole document is one schema resource: `#/components/schemas/…` references resolve in it.
  ajv.addSchema({ ...structuredClone(document), $id: DOCUMENT_ID });
  const validators = new Map<string, ValidateFunction>();
  return {
    check(method: string, resource: string, status: number, body: unknown): string[] {
      const operation = document.paths[resource]?.[method.toLowerCase()] as
        { responses: Record<string, { content?: Record<string, unknown> }> } | undefined;
      if (!operation) return [`the document has no ${method} ${resource}`];
      const response = operation.responses[String(status)];
      if (!response?.content) return [`the document has no ${status} answer for ${method} ${resource}`];
      const media = Object.keys(response.content)[0] as string;
      // A schema that only names a component (every error answer) is compiled once for all routes.
      const named = (response.content[media] as { schema?: { $ref?: unknown } } | undefined)?.schema?.$ref;
      const ref =
        typeof named === 'string' && named.startsWith('#/')
          ? DOCUMENT_ID + named
          : [
              DOCUMENT_ID + '#',
              'paths',
              pointer(resource),
              method.toLowerCase(),
              'responses',
              String(status),
              'content',
              pointer(media),
              'schema',
            ].join('/');
      let validate = validators.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        validators.set(ref, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
      );
    },
  };
}
