import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage, isNotFound } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useCreateCollectionMutation,
  useDeleteCollectionMutation,
  useGetAdminCollectionQuery,
  useUpdateCollectionMutation,
} from '../api/collections-api';
import { ActionDialog } from '../components/action-dialog';
import { EmptyState, QueryState } from '../components/query-state';
import { ShopItemHeader } from '../components/shop-item-header';
import { CollectionForm } from './collection-form';
import { CollectionProducts } from './collection-products';

const backLink = (
  <Link
    to="/admin/collections"
    className="mb-4 inline-block text-sm font-semibold text-terracotta-700 underline underline-offset-4"
  >
    ← All collections
  </Link>
);

type CreatedState = { created?: boolean } | null;

function DeleteCollection({ id, name }: { id: string; name: string }) {
  const navigate = useNavigate();
  const [deleteCollection, { isLoading }] = useDeleteCollectionMutation();
  return (
    <section className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-sand-200 bg-white p-5">
      <p className="text-sm text-ink-muted">
        Deleting a collection takes its page and menu entry away; its products stay in the shop.
      </p>
      <ActionDialog
        triggerLabel="Delete collection"
        title={`Delete ${name}?`}
        description="Its page and its place in the menu go at once; the products in it stay as they are. This cannot be undone."
        confirmLabel="Delete collection"
        busy={isLoading}
        onConfirm={async () => {
          const result = await deleteCollection(id);
          if ('error' in result) return errorMessage(result.error);
          notify(`${name} deleted`, 'success');
          await navigate('/admin/collections', { replace: true });
          return null;
        }}
      />
    </section>
  );
}

function EditCollection({ id }: { id: string }) {
  const { state } = useLocation();
  const created = Boolean((state as CreatedState)?.created);
  const { data, isLoading, error, refetch } = useGetAdminCollectionQuery(id);
  const [updateCollection, { isLoading: saving }] = useUpdateCollectionMutation();

  const loaded = data !== undefined;
  // Sent here from the new collection's page: the focus goes to the heading naming it, once (not
  // again when a later change to its products gives the page new data).
  useEffect(() => {
    if (!created || !loaded) return;
    const heading = document.querySelector<HTMLElement>('#main-content h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [created, loaded]);

  if (isNotFound(error)) {
    return (
      <>
        {backLink}
        <EmptyState title="Collection not found">
          It may have been deleted, or mistyped in the address.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {backLink}
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the collection…"
        onRetry={refetch}
      >
        {data && (
          <>
            <ShopItemHeader
              name={data.name}
              status={data.status}
              handle={data.handle}
              shopPath={`/collections/${encodeURIComponent(data.handle)}`}
            />
            <div className="flex flex-col gap-6">
              <CollectionForm
                key={data._id}
                collection={data}
                initialNotice={created ? 'Collection created' : ''}
                busy={saving}
                onSave={(collection) => updateCollection({ id, collection })}
              />
              <CollectionProducts collection={data} />
              <DeleteCollection id={data._id} name={data.name} />
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}

function NewCollection() {
  const navigate = useNavigate();
  const [createCollection, { isLoading }] = useCreateCollectionMutation();
  return (
    <>
      {backLink}
      <PageHeader title="New collection">
        It starts as a draft unless you choose otherwise. Products are added once it is created.
      </PageHeader>
      <CollectionForm
        busy={isLoading}
        onSave={async (collection) => {
          const result = await createCollection(collection);
          if ('data' in result && result.data) {
            notify(`${result.data.name} created`, 'success');
            await navigate(`/admin/collections/${encodeURIComponent(result.data._id)}`, {
              replace: true,
              state: { created: true },
            });
          }
          return result;
        }}
      />
    </>
  );
}

/** /admin/collections/new and /admin/collections/:id */
export default function CollectionEditorPage() {
  const { id } = useParams();
  return id ? <EditCollection id={id} /> : <NewCollection />;
}
