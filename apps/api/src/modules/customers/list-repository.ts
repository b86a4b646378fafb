import { inArray, sql, type SQL } from 'drizzle-orm';
import { GUEST_KEY_PREFIX } from '@shop/shared/admin-customers';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import {
  countLimit,
  cursorMicros,
  keysetClauses,
  type KeysetOrder,
  type PageAt,
} from '../../lib/keyset';
import { containsPattern } from '../../lib/search';
import { rowsOf } from '../../db/rows';
import { dateOf, paidOrders, type CustomerRow } from './repository';

// The Customers list (decision 053): accounts and guests, each walked from a cursor on its index.

/** Accounts of role customer, newest first (users_customers_newest_idx). */
const ACCOUNTS_NEWEST: KeysetOrder = {
  at: sql`u.created_at`,
  key: sql`u.id`,
  keyValue: (key) => sql`${key}::uuid`,
};
/** Guests by their first paid order, newest first (guest_customers_newest_idx). */
const GUESTS_NEWEST: KeysetOrder = {
  at: sql`g.since`,
  key: sql`g.first_order_id`,
  keyValue: (key) => sql`${key}::uuid`,
};
/** Both, as the list shows them. */
const CUSTOMERS_NEWEST: KeysetOrder = {
  at: sql`since`,
  key: sql`key`,
  keyValue: (key) => sql`${key}::uuid`,
};

/** The accounts and the guests a search finds: part of the e-mail or of the name shown. */
function customerMatches(q: string | undefined) {
  const contains = q ? containsPattern(q) : undefined;
  return {
    accounts: contains ? sql`and (u.email ilike ${contains} or u.name ilike ${contains})` : sql``,
    guests: contains ? sql`and (g.email_key ilike ${contains} or g.name ilike ${contains})` : sql``,
  };
}

/** `where` as an AND clause (or nothing), for the hand-written queries below. */
const andWhere = (where: SQL | undefined) => (where ? sql`and ${where}` : sql``);

/**
 * One page of customers, newest first (decision 053): accounts of role customer, and guests
 * (guest_customers: the paid guest orders of one e-mail, case aside; decision 045). Each side
 * walks its own index from the cursor for at most a page, the two are merged, and only the page's
 * customers' paid orders are summed: a page costs the same however many orders the shop has.
 */
export async function listCustomerRows(
  db: Executor,
  q: string | undefined,
  at: PageAt,
  size: number,
): Promise<(CustomerRow & { cursorAt: string; cursorKey: string })[]> {
  const match = customerMatches(q);
  const accounts = keysetClauses(ACCOUNTS_NEWEST, at);
  const guests = keysetClauses(GUESTS_NEWEST, at);
  const merged = keysetClauses(CUSTOMERS_NEWEST, at);
  // Each side's LIMIT covers the merged page's, OFFSET included.
  const reach = merged.offset + size + 1;
  const keys = rowsOf<{
    key: string;
    guest: boolean;
    email_key: string | null;
    name: string | null;
    since: Date | string;
    cursor_at: string;
  }>(
    await db.execute(sql`
      select key, guest, email_key, name, since, ${cursorMicros(sql`since`)} as cursor_at
      from (
        (select u.id as key, false as guest, null::text as email_key, null::text as name,
           u.created_at as since
         from users u where u.role = 'customer' ${match.accounts} ${andWhere(accounts.where)}
         order by ${sql.join(accounts.orderBy, sql`, `)} limit ${reach})
        union all
        (select g.first_order_id, true, g.email_key, g.name, g.since
         from guest_customers g where true ${match.guests} ${andWhere(guests.where)}
         order by ${sql.join(guests.orderBy, sql`, `)} limit ${reach})
      ) as customers
      order by ${sql.join(merged.orderBy, sql`, `)}
      limit ${size + 1} offset ${merged.offset}`),
  );
  if (keys.length === 0) return [];
  const accountIds = keys.filter((k) => !k.guest).map((k) => k.key);
  const guestEmails = keys.flatMap((k) => (k.guest && k.email_key ? [k.email_key] : []));
  const [accountRows, sums] = await Promise.all([
    accountIds.length
      ? db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            verifiedAt: users.verifiedAt,
          })
          .from(users)
          .where(inArray(users.id, accountIds))
      : [],
    db.execute(sql`
      select coalesce(p.user_id::text, p.email_key) as key,
        count(*)::int as orders, coalesce(sum(p.net_cents), 0)::int as cents
      from (${paidOrders(
        sql`o.user_id in (${sql.join(
          accountIds.length ? accountIds.map((id) => sql`${id}::uuid`) : [sql`null`],
          sql`, `,
        )}) or (o.user_id is null and lower(o.email) in (${sql.join(
          guestEmails.length ? guestEmails.map((email) => sql`${email}`) : [sql`null`],
          sql`, `,
        )}))`,
      )}) as p
      group by 1`),
  ]);
  const sumOf = new Map(
    rowsOf<{ key: string; orders: number; cents: number }>(sums).map((row) => [row.key, row]),
  );
  const accountOf = new Map(accountRows.map((account) => [account.id, account]));
  return keys.map((k) => {
    const account = k.guest ? undefined : accountOf.get(k.key);
    const summed = sumOf.get(account ? account.id : (k.email_key ?? ''));
    return {
      key: account ? account.id : `${GUEST_KEY_PREFIX}${k.key}`,
      guest: k.guest,
      name: account?.name ?? k.name ?? '',
      email: account?.email ?? k.email_key ?? '',
      verified: account ? account.verifiedAt !== null : false,
      since: dateOf(k.since),
      ordersCount: summed?.orders ?? 0,
      spentCents: summed?.cents ?? 0,
      cursorAt: k.cursor_at,
      cursorKey: k.key,
    };
  });
}

/** How many customers the search finds, counted to one more than `cap` at most (never a scan of all). */
export async function countCustomerRows(
  db: Executor,
  q: string | undefined,
  cap: number,
): Promise<number> {
  const match = customerMatches(q);
  const limit = countLimit(cap);
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`
      select (
        (select count(*) from (select 1 from users u where u.role = 'customer' ${match.accounts}
           limit ${limit}) as a)
        + (select count(*) from (select 1 from guest_customers g where true ${match.guests}
           limit ${limit}) as g)
      )::int as total`),
  );
  return counted?.total ?? 0;
}
