import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { clearSessionStorageAfterEach, fakeAdminServer, signInAs } from '../testing/admin-server';

const LIST = {
  groups: [
    ['tee', 't-shirt', 'tshirt', 'shirt'],
    ['strap', 'belt'],
  ],
};

describe('the search synonyms', () => {
  clearSessionStorageAfterEach();

  it('lets the owner edit the list, one group a line', async () => {
    signInAs('owner');
    const server = fakeAdminServer({
      'GET /api/admin/search/synonyms': () => ({ body: LIST }),
      'PUT /api/admin/search/synonyms': (request) => ({ body: request.body }),
    });
    const { user } = renderApp('/admin/search/synonyms');
    const list = await screen.findByLabelText('Synonyms');
    expect(list).toHaveValue('tee = t-shirt = tshirt = shirt\nstrap = belt');
    await user.type(list, '{Enter}tote = bag, carryall');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.to('PUT', '/api/admin/search/synonyms').at(-1)?.body).toEqual({
        groups: [...LIST.groups, ['tote', 'bag', 'carryall']],
      }),
    );
    expect(await screen.findByText('Synonyms saved')).toBeInTheDocument();
  });

  it('names the line of a group with one word, and sends nothing', async () => {
    signInAs('owner');
    const server = fakeAdminServer({ 'GET /api/admin/search/synonyms': () => ({ body: LIST }) });
    const { user } = renderApp('/admin/search/synonyms');
    await user.type(await screen.findByLabelText('Synonyms'), '{Enter}hoodie');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Line 3: A group needs at least two different synonyms'),
    ).toBeInTheDocument();
    expect(server.to('PUT', '/api/admin/search/synonyms')).toEqual([]);
  });

  it('shows staff the list read only', async () => {
    signInAs('staff');
    fakeAdminServer({ 'GET /api/admin/search/synonyms': () => ({ body: LIST }) });
    renderApp('/admin/search/synonyms');
    expect(await screen.findByLabelText('Synonyms')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only the owner changes the synonyms.')).toBeInTheDocument();
  });
});
