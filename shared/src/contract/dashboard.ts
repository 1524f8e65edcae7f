import { Type, type Static } from 'typebox';

import { Dictionary } from './common';

/** The weekly chart's days, in the order the answer lists them (weeks start on Monday). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const ContainerTypesSchema = Dictionary(Type.String(), {
  description: 'Container type key → display label.',
});
export type ContainerTypes = Static<typeof ContainerTypesSchema>;

export const CountByTypeSchema = Dictionary(Type.Integer());

export const TypesAndCountriesSchema = Type.Object({
  types: ContainerTypesSchema,
  countries: Dictionary(Type.String()),
});
export type TypesAndCountries = Static<typeof TypesAndCountriesSchema>;

export const AdminSummarySchema = Type.Object({
  shops: Type.Integer({ description: 'Active shops' }),
  shops_waiting: Type.Integer({
    description: 'Shops waiting for activation (registered or deactivated, not active now)',
  }),
  loans_pack: Type.Integer({ description: 'Loans ever made, all shops' }),
  container_pack: Type.Integer({
    description: 'Containers that exist: in shops, out with clients or in the provider warehouse',
  }),
});
export type AdminSummary = Static<typeof AdminSummarySchema>;

export const WeeklyLoansSchema = Type.Object({
  // Typed as a map: the days come from WEEKDAYS, and the panel reads them by name.
  loans_by_weekday: Type.Unsafe<Record<string, number>>({
    type: 'object',
    properties: Object.fromEntries(WEEKDAYS.map((d) => [d, { type: 'integer' }])),
    required: [...WEEKDAYS],
  }),
  type: ContainerTypesSchema,
  shop_pack: Type.Integer({
    description:
      "Containers in the shop, not on loan (the caller's shop; all shops for the super admin)",
  }),
  loans_pack: Type.Integer({ description: 'Containers out with clients now' }),
  users: Type.Integer({ description: 'Different clients ever' }),
  total_loans: Type.Integer({ description: 'Loans ever made' }),
});
export type WeeklyLoans = Static<typeof WeeklyLoansSchema>;

export const StockSummarySchema = Type.Object({
  loans_by_container_type: CountByTypeSchema,
  shop_packs_by_container_type: CountByTypeSchema,
  provider_stock_by_container_type: Type.Optional(CountByTypeSchema),
});
export type StockSummary = Static<typeof StockSummarySchema>;
