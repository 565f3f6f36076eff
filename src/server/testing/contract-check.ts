/**
 * Test support: checks an answer of the app against the OpenAPI document, the way a client
 * generated from the document would read it. An undeclared status, a missing field, a field the
 * document does not name, or a value of the wrong type is an error.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components?: object };

export interface ContractAnswer {
  method: string;
  /** Path and query, as requested. */
  url: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

export function createContractChecker(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const validators = new Map<string, ValidateFunction>();

  /** The document's operation for a request, or null when the document does not describe it. */
  function operationOf(method: string, url: string): { template: string; operation: Operation } | null {
    const path = url.split('?')[0];
    // A literal segment beats a parameter ('/api/me/led-teams' is not '/api/me/{x}').
    const matches = templates
      .filter((t) => t.pattern.test(path))
      .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
    for (const { template } of matches) {
      const operation = document.paths[template][method.toLowerCase()];
      if (operation) return { template, operation };
    }
    return null;
  }

  /** Throws when the answer is not what the document declares for its route and status. */
  function check(answer: ContractAnswer): void {
    const found = operationOf(answer.method, answer.url);
    if (!found) return;
    const where = `${answer.method} ${found.template} -> ${answer.status}`;
    const declared = found.operation.responses[String(answer.status)];
    if (!declared) {
      throw new Error(
        `${where}: status not declared in the OpenAPI document (declared: ${Object.keys(found.operation.responses).join(', ')})`,
      );
    }
    if (!declared.content) return;
    const mediaType = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
    const media = declared.content[mediaType];
    if (!media) {
      throw new Error(
        `${where}: content type ${mediaType || '(none)'} not declared (declared: ${Object.keys(declared.content).join(', ')})`,
      );
    }
    if (!media.schema || !mediaType.endsWith('json')) return;
    const key = `${found.template} ${answer.method} ${answer.status} ${mediaType}`;
    let validate = validators.get(key);
    if (!validate) {
      // The components travel with each schema, so '#/components/schemas/...' resolves.
      validate = ajv.compile({ ...media.schema, components: document.components });
      validators.set(key, validate);
    }
    if (!validate(answer.body)) {
      const problems = (validate.errors ?? []).map(
        (e) =>
          `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${e.params.additionalProperty}'` : ''}`,
      );
      throw new Error(
        `${where}: the body does not match the document:\n  ${problems.join('\n  ')}\n  body: ${JSON.stringify(answer.body).slice(0, 500)}`,
      );
    }
  }

  return { check, operationOf };
}
