/** JSON schemas shared by several routes (also the OpenAPI components). */

export const errorSchema = {
  type: 'object',
  description:
    'An error: `error` always; field lists where the panel reads them (register, profile).',
  properties: {
    error: { type: 'string' },
    email: { type: 'array', items: { type: 'string' } },
    logo: { type: 'array', items: { type: 'string' } },
    name: { type: 'array', items: { type: 'string' } },
    phone: { type: 'array', items: { type: 'string' } },
    x_gis: { type: 'array', items: { type: 'string' } },
    y_gis: { type: 'array', items: { type: 'string' } },
    tries_left: {
      type: 'integer',
      description: 'reset-password: wrong codes the current code still allows',
    },
  },
  required: ['error'],
} as const;

/** The error statuses a call can answer, each with the error body. */
export function errors(...statuses: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema]));
}

export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
} as const;

export const pageQuery = {
  type: 'object',
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 10000,
      description: 'Page size; absent = the whole list.',
    },
    offset: { type: 'integer', minimum: 0, maximum: 100000000, default: 0 },
  },
  additionalProperties: false,
} as const;

export const totalCountHeader = {
  'X-Total-Count': { type: 'integer', description: 'Number of items in the whole list.' },
} as const;

export const shopSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    logo: { type: ['string', 'null'] },
    created_date: { type: 'string' },
    status: { type: 'string', enum: ['active', 'inactive'] },
    x_gis: { type: ['number', 'null'] },
    y_gis: { type: ['number', 'null'] },
  },
  required: ['id', 'name', 'email', 'phone', 'logo', 'created_date', 'status', 'x_gis', 'y_gis'],
} as const;

export const countByTypeSchema = {
  type: 'object',
  additionalProperties: { type: 'integer' },
} as const;

export const typesSchema = {
  type: 'object',
  description: 'Container type key → display label.',
  additionalProperties: { type: 'string' },
} as const;

export const loanSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    given_date: { type: 'string' },
    due_date: { type: ['string', 'null'] },
    returned_date: { type: ['string', 'null'] },
    client: { type: 'string' },
    shop: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    },
    containers: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          code: { type: 'string' },
          container_type: { type: 'string' },
          guarantee_amount: { type: 'number' },
        },
        required: ['code', 'container_type', 'guarantee_amount'],
      },
    },
  },
  required: ['id', 'given_date', 'due_date', 'returned_date', 'client', 'shop', 'containers'],
} as const;

export const requestSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['PENDING', 'APPROVED', 'DENIED'] },
    request_date: { type: 'string' },
    shop: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { quantity: { type: 'integer' }, container_type: { type: 'string' } },
        required: ['quantity', 'container_type'],
      },
    },
  },
  required: ['id', 'status', 'request_date', 'shop', 'items'],
} as const;

/** Container codes in a lend or return call: 1 to 100 distinct codes. */
export const codesSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 64 },
} as const;
