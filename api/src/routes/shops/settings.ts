import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { shopCaller } from '../../lib/auth';
import { typeKeys } from '../../repositories/reference';
import { findShopById, updateShop } from '../../repositories/shops';
import { readStockMinimums, replaceStockMinimums } from '../../repositories/stock-minimums';
import { errors } from '../../schemas/common';
import {
  LOAN_DAYS_MESSAGE,
  LOAN_DAYS_RANGE,
  STOCK_MINIMUM_MESSAGE,
  STOCK_MINIMUM_RANGE,
  ShopSettingsBody,
  ShopSettingsSchema,
} from '../../schemas/shop-settings';

/**
 * The shop's own settings: the loan period (read by the lend form) and the
 * minimum stock per type (read by the dashboard), both set on the profile page.
 */
const settings: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/shops/settings',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['shops'],
        summary: "The calling shop's settings: loan period and minimum stock per type",
        response: { 200: ShopSettingsSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      // The auth hook has just read (and checked) this shop's row for the token.
      const { shop } = shopCaller(request);
      return {
        loan_days: shop.loan_days,
        stock_minimums: await readStockMinimums(deps.db, shop.id),
      };
    },
  );

  app.put(
    '/shops/settings',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['shops'],
        summary:
          "Sets the calling shop's settings: the fields sent change; stock_minimums replaces the whole set",
        body: ShopSettingsBody,
        response: { 200: ShopSettingsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const caller = shopCaller(request);
      const shopId = caller.shopId;
      const { loan_days: days, stock_minimums: minimums } = request.body;
      // Everything is checked before anything is written.
      if (days !== undefined && (days < LOAN_DAYS_RANGE.min || days > LOAN_DAYS_RANGE.max))
        throw new ValidationError(LOAN_DAYS_MESSAGE, { loan_days: [LOAN_DAYS_MESSAGE] });
      if (minimums !== undefined) {
        const keys = new Set(await typeKeys(deps.db));
        for (const [key, minimum] of Object.entries(minimums)) {
          if (!keys.has(key)) {
            const text = `Unknown container type: ${key}`;
            throw new ValidationError(text, { stock_minimums: [text] });
          }
          if (minimum < STOCK_MINIMUM_RANGE.min || minimum > STOCK_MINIMUM_RANGE.max)
            throw new ValidationError(STOCK_MINIMUM_MESSAGE, {
              stock_minimums: [STOCK_MINIMUM_MESSAGE],
            });
        }
      }
      if (days !== undefined) await updateShop(deps.db, shopId, { loan_days: days });
      if (minimums !== undefined) await replaceStockMinimums(deps.db, shopId, minimums);
      return {
        loan_days: (await findShopById(deps.db, shopId))?.loan_days ?? caller.shop.loan_days,
        stock_minimums: await readStockMinimums(deps.db, shopId),
      };
    },
  );
};

export default settings;
