import { buildApp } from '../src/app';
import { openApiComponents } from '../src/schemas/components';
import { createSqliteTestContext, JWT_SECRET, type TestContext } from './helpers';
import { createMemoryMailer } from './memory-mailer';

let ctx: TestContext;
let doc: {
  components: { schemas: Record<string, unknown> };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

beforeAll(async () => {
  ctx = await createSqliteTestContext();
  doc = (await ctx.call({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => ctx.close());

/** The JSON schema a call answers with a status. */
function answer(path: string, method: string, status: string) {
  const response = doc.paths[path]?.[method]?.responses[status] as
    { content: { 'application/json': { schema: Record<string, unknown> } } } | undefined;
  return response?.content['application/json'].schema;
}

/** Property names and required list: what the panel's types are checked against. */
function shapeOf(schema: unknown) {
  const { properties, required } = schema as { properties: object; required?: string[] };
  return { properties: Object.keys(properties).sort(), required: [...(required ?? [])].sort() };
}

describe('the served OpenAPI document', () => {
  it('names every entity the panel reads, from the schemas its types are checked against', () => {
    // The panel's types are the Static<> of these very schemas (@panel/shared/contract).
    // Swagger writes nullable types the OpenAPI 3.0 way, so the shapes are compared.
    for (const [name, schema] of Object.entries(openApiComponents)) {
      expect({ name, shape: shapeOf(doc.components.schemas[name]) }).toEqual({
        name,
        shape: shapeOf(schema),
      });
    }
  });

  it.each([
    ['Shop', '/api/v0/shops/shop/info', 'get', '200', true],
    ['Shop', '/api/v0/shops/shop/{id}', 'put', '200', false],
    ['LoginResponse', '/api/v0/shops/login', 'post', '200', false],
    ['Loan', '/api/v0/pack/containers/loans', 'get', '200', true],
    ['Loan', '/api/v0/pack/containers/lend', 'post', '201', false],
    ['ContainerRequest', '/api/v0/pack/container-requests', 'get', '200', true],
    ['TypesAndCountries', '/api/v0/pack/containers/types_and_countries', 'get', '200', false],
    ['AdminSummary', '/api/v0/pack/containers/info_admin', 'get', '200', false],
    ['WeeklyLoans', '/api/v0/pack/containers/loans_by_weekday', 'get', '200', false],
    [
      'StockSummary',
      '/api/v0/pack/containers/loans_and_packs_by_container_type',
      'get',
      '200',
      false,
    ],
    ['QrBatch', '/api/v0/pack/qr-batches', 'get', '200', true],
    ['QrBatchWithCodes', '/api/v0/pack/qr-batches/{id}', 'get', '200', false],
  ] as const)('%s is what %s (%s) answers', (name, path, method, status, list) => {
    const schema = answer(path, method, status);
    const entity = list ? (schema?.items as unknown) : schema;
    expect(shapeOf(entity)).toEqual(shapeOf(doc.components.schemas[name]));
  });

  it('documents the multipart forms with the schema they are validated against', () => {
    const form = (
      doc.paths['/api/v0/shops/register']?.post as unknown as {
        requestBody: { content: Record<string, { schema: unknown }> };
      }
    ).requestBody.content['multipart/form-data']?.schema;
    expect(shapeOf(form)).toEqual({
      properties: ['email', 'logo', 'name', 'phone', 'x_gis', 'y_gis'],
      required: ['email', 'name', 'phone'],
    });
  });
});

describe('the route schemas', () => {
  it('all compile when the server starts, as the test context compiles them only on use', async () => {
    // Without compileSchemasOnFirstUse, Fastify compiles every route's
    // validators and serializers before ready: a bad schema rejects here.
    const app = await buildApp({
      db: ctx.db,
      kind: ctx.kind,
      jwtSecret: JWT_SECRET,
      dataDir: ctx.dataDir,
      mailer: createMemoryMailer(),
    });
    await app.close();
  });
});
