// A shop's page and figures as the panel reads them: one definition, in the contract.
export {
  ShopFiguresListSchema,
  ShopFiguresSchema,
  ShopLeagueSchema,
  ShopOverviewSchema,
  StatusChangeSchema,
  type ShopFigures,
  type ShopOverview,
} from '@panel/shared/contract';
