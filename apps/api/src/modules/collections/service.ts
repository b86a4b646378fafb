import {
  COLLECTION_MESSAGES,
  RESERVED_COLLECTION_HANDLES,
  type CollectionMenu,
  type CollectionPage,
  type CollectionPageQuery,
  type CollectionStatus,
} from '@shop/shared/collections';
import {
  type AdminCollection,
  type AdminCollectionList,
  type CollectionProductsWrite,
  type CollectionWrite,
} from '@shop/shared/admin-collections';
import { handleFromName } from '@shop/shared/admin-catalog';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/database-errors';
import { AppError, invalid, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { recordAudit, type AuditActor } from '../audit/service';
import { readListingFilters } from '@shop/shared/listing';
import { listProducts, readPageNumber, type ListingRequest } from '../catalog/service';
import {
  collectionHandlesLike,
  collectionIdByHandle,
  deleteCollectionRow,
  existingProductIds,
  findCollectionById,
  findCollectionProductsForBackOffice,
  findMenuCollections,
  findPublishedCollectionByHandle,
  insertCollection,
  listCollectionRows,
  lockCollection,
  replaceCollectionProducts,
  updateCollectionRow,
  type CollectionFields,
  type CollectionRow,
} from './repository';

/** Collections of the shop's own: the storefront's page and menu, the back office's edits. */

export interface CollectionsContext {
  db: Database;
  /** After a write: the storefront's cached answers and pages are dropped. */
  onCatalogChanged: () => void;
}

const collectionNotFound = () => notFound(COLLECTION_MESSAGES.notFound);
const handleTaken = () => new AppError('conflict', COLLECTION_MESSAGES.handleTaken);
const MAX_HANDLE_LENGTH = 80;

// ---------------------------------------------------------------------------------------------
// Storefront

/** A collection page's query read as a listing's: its page, sort and filters (400 when unreadable). */
export function readCollectionQuery(query: CollectionPageQuery): CollectionListing {
  const { filters, problems } = readListingFilters(query);
  if (problems.length) throw invalid(problems[0]!);
  return { page: readPageNumber(query.pageNumber), filters };
}
export type CollectionListing = Pick<ListingRequest, 'page' | 'filters'>;

/**
 * GET /api/collections/:handle?pageNumber=: a published collection and one page of its published
 * products, in its order unless sorted (listing page size; a page past the end is empty), with
 * the listing's facets. 404 for a draft.
 */
export async function readCollectionPage(
  db: Database,
  handle: string,
  listing: CollectionListing,
  now: Date = new Date(),
): Promise<CollectionPage> {
  const collection = await findPublishedCollectionByHandle(db, handle);
  if (!collection) throw collectionNotFound();
  return {
    collection: {
      handle: collection.handle,
      name: collection.name,
      description: collection.description,
      seoTitle: collection.seoTitle,
      seoDescription: collection.seoDescription,
    },
    ...(await listProducts(db, { ...listing, collectionId: collection.id }, now)).list,
  };
}

/** GET /api/collections/menu */
export async function collectionMenu(db: Database): Promise<CollectionMenu> {
  return { collections: await findMenuCollections(db) };
}

/** The storefront's collections (published only) with their address (handle) and last change. */
export { publishedCollectionAddresses } from './repository';

// ---------------------------------------------------------------------------------------------
// Back office

export async function listCollections(db: Executor): Promise<AdminCollectionList> {
  const rows = await listCollectionRows(db);
  return { collections: rows.map((row) => toRow(row, row.productCount)) };
}

function toRow(row: CollectionRow, productCount: number) {
  return {
    _id: row.id,
    handle: row.handle,
    name: row.name,
    status: row.status as CollectionStatus,
    showInMenu: row.showInMenu,
    menuPosition: row.menuPosition,
    productCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/admin/collections/:id: any status, its products in order (any status). */
export async function getAdminCollection(db: Executor, id: string): Promise<AdminCollection> {
  const row = isUuid(id) ? await findCollectionById(db, id) : undefined;
  if (!row) throw collectionNotFound();
  const products = await findCollectionProductsForBackOffice(db, row.id);
  return {
    ...toRow(row, products.length),
    description: row.description,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    products: products.map((product) => ({
      _id: product.id,
      name: product.name,
      handle: product.handle,
      status: product.status,
      image: product.image,
      price: product.priceCents / 100,
    })),
  };
}

function fieldsOf(
  write: CollectionWrite,
  kept: { handle: string; status: CollectionStatus },
): CollectionFields {
  return {
    name: write.name,
    handle: write.handle ?? kept.handle,
    description: write.description,
    seoTitle: write.seoTitle,
    seoDescription: write.seoDescription,
    status: write.status ?? kept.status,
    showInMenu: write.showInMenu,
    menuPosition: write.menuPosition,
  };
}

/** The handle made from a name, or the first free of `-2`, `-3`… */
async function freeHandleFor(db: Executor, name: string): Promise<string> {
  const made = handleFromName(name);
  const base =
    made === 'product' || RESERVED_COLLECTION_HANDLES.includes(made) ? `${made}-collection` : made;
  const taken = new Set(await collectionHandlesLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const stem = base.slice(0, MAX_HANDLE_LENGTH - suffix.length).replace(/-+$/, '');
    if (stem !== base)
      for (const handle of await collectionHandlesLike(db, stem)) taken.add(handle);
    const candidate = `${stem}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function handleIsTaken(db: Executor, handle: string, byOtherThan?: string) {
  const id = await collectionIdByHandle(db, handle);
  return id !== undefined && id !== byOtherThan;
}

/** POST /api/admin/collections: a draft unless the status says otherwise; answers its id. */
export async function createCollection(
  ctx: CollectionsContext,
  write: CollectionWrite,
  actor: AuditActor,
): Promise<string> {
  // A made-up handle can be taken between the look-up and the insert: then look again, twice.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await ctx.db.transaction(async (tx) => {
        if (write.handle && (await handleIsTaken(tx, write.handle))) throw handleTaken();
        const handle = write.handle ?? (await freeHandleFor(tx, write.name));
        const fields = fieldsOf(write, { handle, status: 'draft' });
        const row = await insertCollection(tx, fields);
        await recordAudit(tx, actor, {
          action: 'collection.created',
          summary: `Created collection ${fields.name} (${fields.handle}, ${fields.status})`,
        });
        return row.id;
      });
      ctx.onCatalogChanged();
      return id;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (write.handle || attempt >= 3) throw handleTaken();
    }
  }
}

const FIELD_LABELS: Record<keyof CollectionFields, string> = {
  name: 'name',
  handle: 'handle',
  description: 'description',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  status: 'status',
  showInMenu: 'menu',
  menuPosition: 'menu position',
};

function describeChange(field: keyof CollectionFields, next: CollectionFields): string {
  if (field === 'status') return `status ${next.status}`;
  if (field === 'handle') return `handle ${next.handle}`;
  if (field === 'showInMenu') return next.showInMenu ? 'shown in menu' : 'hidden from menu';
  if (field === 'menuPosition') return `menu position ${next.menuPosition}`;
  return FIELD_LABELS[field];
}

/** PUT /api/admin/collections/:id: every field; an omitted handle or status keeps the current one. */
export async function updateCollection(
  ctx: CollectionsContext,
  id: string,
  write: CollectionWrite,
  actor: AuditActor,
): Promise<void> {
  if (!isUuid(id)) throw collectionNotFound();
  let changed: (keyof CollectionFields)[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await lockCollection(tx, id);
      if (!current) throw collectionNotFound();
      const next = fieldsOf(write, {
        handle: current.handle,
        status: current.status as CollectionStatus,
      });
      changed = (Object.keys(FIELD_LABELS) as (keyof CollectionFields)[]).filter(
        (field) => current[field] !== next[field],
      );
      if (!changed.length) return;
      if (changed.includes('handle') && (await handleIsTaken(tx, next.handle, id)))
        throw handleTaken();
      await updateCollectionRow(
        tx,
        id,
        Object.fromEntries(changed.map((field) => [field, next[field]])),
      );
      await recordAudit(tx, actor, {
        action: 'collection.updated',
        summary: `Updated collection ${next.name}: ${changed.map((field) => describeChange(field, next)).join(', ')}`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw handleTaken();
    throw error;
  }
  if (changed.length) ctx.onCatalogChanged();
}

/** What a new list of products changes of the old: added, removed, and whether the rest moved. */
function describeProductChange(before: string[], after: string[], names: Map<string, string>) {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const keptBefore = before.filter((id) => after.includes(id));
  const keptAfter = after.filter((id) => before.includes(id));
  const parts: string[] = [];
  const nameOf = (id: string) => names.get(id) ?? id;
  if (added.length) parts.push(`added ${added.map(nameOf).join(', ')}`);
  if (removed.length) parts.push(`removed ${removed.map(nameOf).join(', ')}`);
  if (keptBefore.some((id, index) => keptAfter[index] !== id)) parts.push('reordered products');
  return parts.join('; ');
}

/**
 * PUT /api/admin/collections/:id/products: the collection's products, in their new order (the
 * back office sends the whole list after each add, remove or move). 400 for an unknown product.
 */
export async function setCollectionProducts(
  ctx: CollectionsContext,
  id: string,
  write: CollectionProductsWrite,
  actor: AuditActor,
): Promise<void> {
  if (!isUuid(id)) throw collectionNotFound();
  let changed = false;
  await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    if (!current) throw collectionNotFound();
    const known = new Set(await existingProductIds(tx, write.productIds));
    if (write.productIds.some((productId) => !known.has(productId)))
      throw new AppError('invalid', COLLECTION_MESSAGES.productUnknown);
    const before = await findCollectionProductsForBackOffice(tx, id);
    const beforeIds = before.map((product) => product.id);
    if (
      beforeIds.length === write.productIds.length &&
      beforeIds.every((productId, index) => write.productIds[index] === productId)
    )
      return;
    await replaceCollectionProducts(tx, id, write.productIds);
    await updateCollectionRow(tx, id, {});
    const names = new Map(before.map((product) => [product.id, product.name]));
    for (const product of await findCollectionProductsForBackOffice(tx, id))
      names.set(product.id, product.name);
    await recordAudit(tx, actor, {
      action: 'collection.products',
      summary: `Collection ${current.name}: ${describeProductChange(beforeIds, write.productIds, names)}`,
    });
    changed = true;
  });
  if (changed) ctx.onCatalogChanged();
}

/** DELETE /api/admin/collections/:id: the collection goes; its products stay as they are. */
export async function deleteCollection(
  ctx: CollectionsContext,
  id: string,
  actor: AuditActor,
): Promise<void> {
  if (!isUuid(id)) throw collectionNotFound();
  await ctx.db.transaction(async (tx) => {
    const current = await lockCollection(tx, id);
    if (!current) throw collectionNotFound();
    await deleteCollectionRow(tx, id);
    await recordAudit(tx, actor, {
      action: 'collection.deleted',
      summary: `Deleted collection ${current.name} (${current.handle})`,
    });
  });
  ctx.onCatalogChanged();
}
