import { Type, type Static } from 'typebox';

import { Dictionary, Nullable, StringEnum } from './common';
import { ContainerRequestSchema } from './container-request';
import { LoanSummarySchema, ReturnRateSchema } from './loan';
import { ShopSchema } from './shop';

export const StatusChangeSchema = Type.Object({
  status: StringEnum(['active', 'inactive']),
  reason: Nullable(Type.String()),
  changed_at: Type.String(),
});

const PerType = Dictionary(Type.Integer(), { description: 'Container type key → count' });

/** Everything the super admin's page of one shop shows, in one reply. */
export const ShopOverviewSchema = Type.Object({
  shop: ShopSchema,
  types: Dictionary(Type.String(), { description: 'Container type key → label' }),
  stock: Type.Object({
    in_stock: PerType,
    on_loan: PerType,
    lost: PerType,
  }),
  loans: LoanSummarySchema,
  return_rate: ReturnRateSchema,
  requests: Type.Array(ContainerRequestSchema, {
    description: 'The newest requests (at most 20), with their decisions',
  }),
  requests_total: Type.Integer(),
  status_history: Type.Array(StatusChangeSchema, { description: 'Newest first' }),
});
export type ShopOverview = Static<typeof ShopOverviewSchema>;

/** One shop's figures for the shop list's columns and the dashboard's league table. */
export const ShopFiguresSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Open loans past their due date. */
  overdue: Type.Integer(),
  /** Containers in the shop's own stock. */
  stock_held: Type.Integer(),
  /** Containers whose loan fell due in the last 4 weeks, and the share back on time. */
  fell_due_4w: Type.Integer(),
  return_rate_4w: Nullable(Type.Number()),
});
export type ShopFigures = Static<typeof ShopFiguresSchema>;

export const ShopFiguresListSchema = Type.Object({
  as_of: Type.String({ description: 'When the figures were counted' }),
  shops: Type.Array(ShopFiguresSchema),
});
export type ShopFiguresList = Static<typeof ShopFiguresListSchema>;

export const ShopLeagueSchema = Type.Object({
  as_of: Type.String(),
  most_overdue: Type.Array(ShopFiguresSchema, {
    description: 'The five shops with the most overdue loans (none without one)',
  }),
  lowest_return_rate: Type.Array(ShopFiguresSchema, {
    description:
      'The five shops with the lowest 4-week return rate (only shops with loans that fell due)',
  }),
});
export type ShopLeague = Static<typeof ShopLeagueSchema>;
