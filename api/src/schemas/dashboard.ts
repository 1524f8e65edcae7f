import { Type } from 'typebox';

// The dashboard's figures as the panel reads them: one definition, in the contract.
export {
  AdminSummarySchema,
  ContainerTypesSchema,
  CountByTypeSchema,
  StockSummarySchema,
  TypesAndCountriesSchema,
  WEEKDAYS,
  WeeklyLoansSchema,
  type AdminSummary,
  type StockSummary,
  type TypesAndCountries,
  type WeeklyLoans,
} from '@panel/shared/contract';

export const WeeklyLoansQuery = Type.Object(
  {
    tz: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z][A-Za-z0-9_+\\-/]*$',
        description:
          'IANA time zone whose local days the weekly figures count (e.g. Europe/Paris); default UTC.',
      }),
    ),
  },
  { additionalProperties: false },
);
