import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportRejected, ImportResult } from '@shop/shared/admin-catalog';
import { ADMIN_CATALOG_MESSAGES } from '@shop/shared/admin-catalog';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const CSV =
  'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty,Status,Category,Variant Tax Code\n' +
  'dune-tee,Dune Tee,"Soft, warm",Size,M,26,12,active,belts,\n' +
  'dune-tee,,,,L,26,3,,,\n' +
  'new-tote,حقيبة,,Title,Default Title,40,5,draft,totes,\n';
const NOTE = 'These columns are not imported and were ignored: Variant Tax Code';
const csvFile = (text = CSV, name = 'products.csv') => new File([text], name, { type: 'text/csv' });

const result = (dryRun: boolean): ImportResult => ({
  created: 1,
  updated: 1,
  unchanged: 3,
  errors: [],
  notes: [NOTE],
  dryRun,
  changes: [
    { handle: 'dune-tee', name: 'Dune Tee', action: 'update', fields: ['price M', 'stock L'] },
    { handle: 'new-tote', name: 'حقيبة', action: 'create', fields: [] },
    { handle: 'old-belt', name: 'Old Belt', action: 'unchanged', fields: [] },
  ],
});

describe('the CSV import', () => {
  clearSessionStorageAfterEach();

  it('shows each change of a product as old → new', async () => {
    signInAs('owner');
    const preview = result(true);
    fakeAdminServer({
      'POST /api/admin/products/import': () => ({
        body: {
          ...preview,
          changes: [
            {
              ...preview.changes[0]!,
              diffs: [
                { field: 'price M', from: '$20.00', to: '$24.00' },
                { field: 'stock L', from: '3', to: '9' },
              ],
            },
          ],
        },
      }),
    });
    const { user } = renderApp('/admin/products/import');
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview changes' }));
    const changes = await screen.findByRole('table', { name: 'Changes the import would make' });
    const items = within(changes).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'price M: $20.00 →becomes $24.00',
      'stock L: 3 →becomes 9',
    ]);
    expect(within(items[0]!).getByRole('deletion')).toHaveTextContent('$20.00');
    expect(within(items[0]!).getByRole('insertion')).toHaveTextContent('$24.00');
  });

  it('previews what would change (a dry run), then applies the same file', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'POST /api/admin/products/import': (request) => ({
        body: result(request.query.get('dryRun') === 'true'),
      }),
    });
    const { user } = renderApp('/admin/products/import');
    const input = await screen.findByLabelText('Choose a CSV file');
    await user.upload(input, csvFile());
    expect(screen.getByText(/Chosen: products\.csv/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview changes' }));
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Preview: nothing has changed yet',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(
      screen.getByText(/Applying this file would make 1 new product, 1 changed, 3 unchanged/),
    ).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: 'Changes the import would make' });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Dune Teedune-teeChangedprice M, stock L',
      'حقيبةnew-toteNew productEvery field',
    ]);
    const leftAside = screen.getByRole('region', { name: 'Left aside' });
    expect(within(leftAside).getByRole('listitem')).toHaveTextContent(NOTE);
    const preview = server.to('POST', '/api/admin/products/import')[0]!;
    expect(preview.query.get('dryRun')).toBe('true');
    expect(preview.body).toBe(CSV);
    expect(preview.credentials).toBe('same-origin');

    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Import done' })).toBeVisible();
    expect(screen.getByText(/Imported: 1 new product, 1 changed, 3 unchanged/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Changes made' })).toBeInTheDocument();
    const applied = server.to('POST', '/api/admin/products/import')[1]!;
    expect(applied.query.has('dryRun')).toBe(false);
    expect(applied.body).toBe(CSV);
  });

  it('lists every bad row when the file is rejected, and offers no apply', async () => {
    signInAs('staff');
    const rejected: ImportRejected = {
      message: ADMIN_CATALOG_MESSAGES.importRejected(2),
      created: 0,
      updated: 0,
      unchanged: 0,
      dryRun: true,
      changes: [],
      notes: [],
      errors: [
        { row: 1, message: 'Category must be one of totes, flower_totes, …' },
        { row: 2, message: 'Variant Price is required' },
      ],
    };
    fakeAdminServer({
      'POST /api/admin/products/import': () => ({ status: 422, body: rejected }),
    });
    const { user } = renderApp('/admin/products/import');
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview changes' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'The file was not imported' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The file has 2 bad rows; nothing was changed',
    );
    const errors = screen.getByRole('table', { name: 'Rows to correct' });
    expect(
      within(errors)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1Category must be one of totes, flower_totes, …', '2Variant Price is required']);
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('shows the server’s message for a file too large, and asks for a file first', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      'POST /api/admin/products/import': () => ({
        status: 413,
        body: { message: ADMIN_CATALOG_MESSAGES.importTooLarge },
      }),
    });
    const { user } = renderApp('/admin/products/import');
    await user.click(await screen.findByRole('button', { name: 'Preview changes' }));
    expect(await screen.findByText('Please choose a CSV file')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Choose a CSV file')).toHaveFocus();
    expect(server.to('POST', '/api/admin/products/import')).toHaveLength(0);

    await user.upload(screen.getByLabelText('Choose a CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Preview changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ADMIN_CATALOG_MESSAGES.importTooLarge,
    );
  });

  it('takes a file dropped on the drop zone', async () => {
    signInAs('staff');
    const server = fakeAdminServer({
      'POST /api/admin/products/import': () => ({ body: result(true) }),
    });
    const { user } = renderApp('/admin/products/import');
    const zone = (await screen.findByText('Drop a CSV file here, or')).parentElement!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [csvFile(CSV, 'dropped.csv')] } });
    expect(await screen.findByText(/Chosen: dropped\.csv/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview changes' }));
    await screen.findByRole('heading', { level: 2, name: 'Preview: nothing has changed yet' });
    expect(server.to('POST', '/api/admin/products/import')[0]!.body).toBe(CSV);
  });
});
