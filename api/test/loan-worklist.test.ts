import type { Loan } from '../src/schemas/loan';
import { addStock, createTestContext, type TestContext } from './helpers';

// The shop's loans as a work-list (issue 31): filters, search, sorts, the
// figures above the list, client contact, reminders, write-offs and the
// return rate.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function lend(
  client: string,
  dueInDays: number | null,
  extra: Record<string, unknown> = {},
  types: string[] = ['cup'],
  token = ctx.shopA.token,
  shopId = ctx.shopA.id,
): Promise<Loan> {
  const codes: string[] = [];
  for (const type of types) codes.push(...(await addStock(ctx.db, shopId, type, 1)));
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v0/pack/containers/lend',
    token,
    payload: { codes, client, due_date: dueInDays === null ? null : day(dueInDays), ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Loan;
}

const list = async (query: string, token = ctx.shopA.token) => {
  const res = await ctx.call({ url: `/api/v0/pack/containers/loans/?${query}`, token });
  expect(res.statusCode).toBe(200);
  return {
    total: Number(res.headers['x-total-count']),
    clients: (res.json() as Loan[]).map((l) => l.client),
    loans: res.json() as Loan[],
  };
};

let loans: Record<string, Loan>;
beforeAll(async () => {
  loans = {
    late40: await lend('Zed Forty', -40, {}, ['bowl']),
    late20: await lend('Yan Twenty', -20, { client_email: 'yan@client.test' }),
    late10: await lend('Xia Ten', -10, { client_phone: '+33 1 23 45 67 89' }),
    late2: await lend('Wil Two', -2, { client_email: 'WIL@Client.Test' }, ['cup', 'box']),
    soon: await lend('Vic Soon', 2),
    later: await lend('Uma Later', 20),
    none: await lend('Tom None', null),
  };
  // Another shop's overdue loan never shows in A's lists or figures.
  await lend('Other Shop Client', -5, {}, ['cup'], ctx.shopB.token, ctx.shopB.id);
});

describe('filters, search and sorts', () => {
  it('filters overdue, due soon and no due date', async () => {
    expect((await list('filter=overdue&sort=due')).clients).toEqual([
      'Zed Forty',
      'Yan Twenty',
      'Xia Ten',
      'Wil Two',
    ]);
    expect((await list('filter=due_soon')).clients).toEqual(['Vic Soon']);
    expect((await list('filter=no_due_date')).clients).toEqual(['Tom None']);
    const all = await list('filter=all&limit=3');
    expect(all.total).toBe(7);
    expect(all.loans).toHaveLength(3);
  });

  it('sorts by due date (none last), by client and by given date', async () => {
    const due = (await list('sort=due&order=desc')).clients;
    expect(due[0]).toBe('Uma Later');
    expect(due.at(-1)).toBe('Tom None');
    expect((await list('sort=client')).clients).toEqual([
      'Tom None',
      'Uma Later',
      'Vic Soon',
      'Wil Two',
      'Xia Ten',
      'Yan Twenty',
      'Zed Forty',
    ]);
    expect((await list('sort=given&order=asc')).clients[0]).toBe('Zed Forty');
  });

  it('searches the client, a container code and the loan id, as text', async () => {
    expect((await list('search=twen')).clients).toEqual(['Yan Twenty']);
    const code = loans.late10?.containers[0]?.code as string;
    expect((await list(`search=${code}`)).clients).toEqual(['Xia Ten']);
    expect((await list(`search=${loans.soon?.id}`)).clients).toContain('Vic Soon');
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('search=Other')).total).toBe(0);
  });

  it('refuses an unknown filter', async () => {
    const res = await ctx.call({
      url: '/api/v0/pack/containers/loans/?filter=late',
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the figures above the list', () => {
  it('counts by due state, ages the overdue ones and sums the guarantee held', async () => {
    const res = await ctx.call({
      url: '/api/v0/pack/containers/loans/summary',
      token: ctx.shopA.token,
    });
    expect(res.statusCode).toBe(200);
    // cup 1.5, bowl 3.5, box 5: overdue = bowl + cup + cup + (cup + box).
    expect(res.json()).toEqual({
      open: 7,
      overdue: 4,
      due_soon: 1,
      no_due_date: 1,
      ageing: { '1-7': 1, '8-14': 1, '15-30': 1, '31+': 1 },
      held_open: 3.5 + 1.5 + 1.5 + 6.5 + 1.5 + 1.5 + 1.5,
      held_overdue: 3.5 + 1.5 + 1.5 + 6.5,
      lost: 0,
    });
  });
});

describe('client contact', () => {
  it('keeps the phone and the normalised e-mail on the loan', async () => {
    expect(loans.late10).toMatchObject({ client_phone: '+33 1 23 45 67 89', client_email: null });
    expect(loans.late2).toMatchObject({ client_email: 'wil@client.test', held_amount: 6.5 });
  });

  it.each([
    [{ client_email: 'not-an-email' }, "The client's e-mail is not an e-mail address."],
    [{ client_phone: 'call me' }, "The client's phone is not a phone number."],
  ])('refuses %p and lends nothing', async (contact, error) => {
    const [code] = await addStock(ctx.db, ctx.shopA.id, 'cup', 1);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/lend',
      token: ctx.shopA.token,
      payload: { codes: [code], client: 'Bad Contact', ...contact },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
    expect((await list('search=Bad Contact')).total).toBe(0);
  });
});

describe('reminders', () => {
  const remind = (id: number, token = ctx.shopA.token) =>
    ctx.call({ method: 'POST', url: `/api/v0/pack/containers/loans/${id}/remind`, token });

  it('e-mails an overdue client once a day and records it on the loan', async () => {
    const id = loans.late20?.id as number;
    const before = ctx.mail.length;
    const res = await remind(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reminders: 1, last_reminded_at: expect.any(String) });
    expect(ctx.mail.slice(before)).toEqual([
      expect.objectContaining({
        to: 'yan@client.test',
        subject: 'Reminder from Shop A: please bring back your containers',
      }),
    ]);
    const again = await remind(id);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { error: string }).error).toMatch(/one reminder a day/);
    expect(ctx.mail.length).toBe(before + 1);

    ctx.setNow(new Date(Date.now() + DAY + 60_000));
    try {
      expect((await remind(id)).json()).toMatchObject({ reminders: 2 });
    } finally {
      ctx.setNow(null);
    }
  });

  it('refuses a loan not overdue, without an e-mail, or of another shop', async () => {
    const notDue = await lend('Not Due Yet', 5, { client_email: 'early@client.test' });
    expect((await remind(notDue.id)).statusCode).toBe(409);
    expect((await remind(loans.late40?.id as number)).json()).toEqual({
      error: 'This loan has no e-mail address for its client.',
    });
    expect((await remind(loans.late20?.id as number, ctx.shopB.token)).statusCode).toBe(404);
  });
});

describe('writing containers off as lost', () => {
  const stockOf = async () =>
    (
      await ctx.call({
        url: '/api/v0/pack/containers/loans_and_packs_by_container_type/',
        token: ctx.shopA.token,
      })
    ).json() as { loans_by_container_type: Record<string, number> };

  it('takes them out of every stock, ends the loan once nothing is out, and counts them lost', async () => {
    const loan = loans.late2 as Loan;
    const onLoanBefore = (await stockOf()).loans_by_container_type;
    const [cup, box] = loan.containers.map((c) => c.code) as [string, string];
    const lost = (codes: string[], reason = 'Client moved away') =>
      ctx.call({
        method: 'POST',
        url: `/api/v0/pack/containers/loans/${loan.id}/lost`,
        token: ctx.shopA.token,
        payload: { codes, reason },
      });
    const first = await lost([box]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ returned_date: null, held_amount: 1.5 });
    // Taking the cup back now ends the loan: the box is not awaited.
    const back = await ctx.call({
      method: 'POST',
      url: '/api/v0/pack/containers/return',
      token: ctx.shopA.token,
      payload: { codes: [cup] },
    });
    expect(back.json()).toMatchObject({ completed_loans: [loan.id] });
    const after = (await stockOf()).loans_by_container_type;
    expect(after.box).toBe((onLoanBefore.box ?? 0) - 1);
    // The box is in no stock: it cannot be lent again, nor taken back.
    const check = await ctx.call({
      url: `/api/v0/pack/containers/code/${box}?for=lend`,
      token: ctx.shopA.token,
    });
    expect(check.json()).toMatchObject({ refusal: 'lost' });
    expect((await lost([box])).statusCode).toBe(409);
    const counts = await ctx.db
      .selectFrom('kept_counts')
      .select('n')
      .where('scope', '=', ctx.shopA.id)
      .where('name', '=', 'lost:box')
      .executeTakeFirst();
    expect(Number(counts?.n)).toBe(1);
    const summary = await ctx.call({
      url: '/api/v0/pack/containers/loans/summary',
      token: ctx.shopA.token,
    });
    expect(summary.json()).toMatchObject({ lost: 1 });
  });

  it('refuses another shop and a blank reason, changing nothing', async () => {
    const loan = loans.late10 as Loan;
    const code = loan.containers[0]?.code as string;
    const asB = await ctx.call({
      method: 'POST',
      url: `/api/v0/pack/containers/loans/${loan.id}/lost`,
      token: ctx.shopB.token,
      payload: { codes: [code], reason: 'mine now' },
    });
    expect(asB.statusCode).toBe(409);
    const blank = await ctx.call({
      method: 'POST',
      url: `/api/v0/pack/containers/loans/${loan.id}/lost`,
      token: ctx.shopA.token,
      payload: { codes: [code], reason: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect((await list(`search=${code}`)).loans[0]?.containers[0]?.lost_at).toBeNull();
  });
});

describe('the return rate', () => {
  it('counts containers back by their due date among those that fell due', async () => {
    // Shop C's history, set straight in the tables: 3 due 10 days ago (2 back in time, 1 late), 1 due 40 days ago, still out.
    const shop = await ctx.db
      .selectFrom('shops')
      .select('id')
      .where('id', '=', ctx.shopB.id)
      .executeTakeFirstOrThrow();
    const token = ctx.shopB.token;
    const made: Array<{ codes: string[]; back: number | null }> = [
      { codes: await addStock(ctx.db, shop.id, 'cup', 1), back: -11 },
      { codes: await addStock(ctx.db, shop.id, 'cup', 1), back: -10 },
      { codes: await addStock(ctx.db, shop.id, 'cup', 1), back: -5 },
    ];
    ctx.setNow(new Date(Date.now() - 20 * DAY));
    for (const item of made) {
      await ctx.call({
        method: 'POST',
        url: '/api/v0/pack/containers/lend',
        token,
        payload: { codes: item.codes, client: 'Rate', due_date: day(-10) },
      });
    }
    ctx.setNow(null);
    for (const item of made) {
      ctx.setNow(new Date(Date.now() + (item.back as number) * DAY));
      await ctx.call({
        method: 'POST',
        url: '/api/v0/pack/containers/return',
        token,
        payload: { codes: item.codes },
      });
      ctx.setNow(null);
    }
    const res = await ctx.call({ url: '/api/v0/pack/containers/return_rate', token });
    expect(res.statusCode).toBe(200);
    const rate = res.json() as {
      weeks: Array<{ fell_due: number }>;
      last_4_weeks: { fell_due: number; on_time: number; rate: number };
      last_12_weeks: { fell_due: number };
    };
    expect(rate.weeks).toHaveLength(12);
    // The 3 due 10 days ago, plus B's overdue loan made at the start (due 5 days ago, still out).
    expect(rate.last_4_weeks).toEqual({ fell_due: 4, on_time: 2, rate: 0.5 });
    expect(rate.weeks.reduce((n, w) => n + w.fell_due, 0)).toBe(rate.last_12_weeks.fell_due);
  });
});

describe('races', () => {
  it('sends one reminder of 6 parallel ones, and writes a container off once of 6 tries', async () => {
    const loan = await lend('Race Client', -3, { client_email: 'race@client.test' }, [
      'cup',
      'box',
    ]);
    const mailsBefore = ctx.mail.length;
    const reminders = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.call({
          method: 'POST',
          url: `/api/v0/pack/containers/loans/${loan.id}/remind`,
          token: ctx.shopA.token,
        }),
      ),
    );
    expect(reminders.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(ctx.mail.length).toBe(mailsBefore + 1);

    const code = loan.containers[0]?.code as string;
    const writeOffs = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.call({
          method: 'POST',
          url: `/api/v0/pack/containers/loans/${loan.id}/lost`,
          token: ctx.shopA.token,
          payload: { codes: [code], reason: 'Raced' },
        }),
      ),
    );
    expect(writeOffs.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const lost = await ctx.db
      .selectFrom('loans')
      .select('held_cents')
      .where('id', '=', loan.id)
      .executeTakeFirstOrThrow();
    // Only the box's guarantee is still held: the cup's left once.
    expect(Number(lost.held_cents)).toBe(500);
  });
});
