import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { RouteOptions } from '../../deps';
import { ValidationError } from '../../errors';
import { shopCaller } from '../../lib/auth';
import { updateShop } from '../../repositories/shops';
import { errors } from '../../schemas/common';
import {
  LOAN_DAYS_MESSAGE,
  LOAN_DAYS_RANGE,
  ShopSettingsSchema,
} from '../../schemas/shop-settings';

/** The shop's own counter settings: read by the lend form, set on the profile page. */
const settings: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  app.get(
    '/shops/settings',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['shops'],
        summary: "The calling shop's counter settings",
        response: { 200: ShopSettingsSchema, ...errors(401, 403) },
      },
    },
    // The auth hook has just read (and checked) this shop's row for the token.
    async (request) => ({ loan_days: shopCaller(request).shop.loan_days }),
  );

  app.put(
    '/shops/settings',
    {
      config: { auth: 'shop' },
      schema: {
        tags: ['shops'],
        summary: "Sets the calling shop's counter settings",
        body: ShopSettingsSchema,
        response: { 200: ShopSettingsSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const days = request.body.loan_days;
      if (days < LOAN_DAYS_RANGE.min || days > LOAN_DAYS_RANGE.max)
        throw new ValidationError(LOAN_DAYS_MESSAGE, { loan_days: [LOAN_DAYS_MESSAGE] });
      const updated = await updateShop(deps.db, shopCaller(request).shopId, {
        loan_days: request.body.loan_days,
      });
      return { loan_days: updated?.loan_days ?? request.body.loan_days };
    },
  );
};

export default settings;
