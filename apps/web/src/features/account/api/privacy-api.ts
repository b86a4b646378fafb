import { messageResponseSchema } from '@shop/shared/accounts';
import type { MessageResponse } from '@shop/shared/accounts';
import type { DeleteAccountRequest } from '@shop/shared/privacy';
import { api } from '../../../lib/api';

/** The export as the server sent it: its file name and its JSON text. */
export type DataExportFile = { fileName: string; content: string };

const FALLBACK_FILE_NAME = 'sadu-sands-my-data.json';

/** The file name of a Content-Disposition header (`attachment; filename="…"`). */
export function fileNameFrom(disposition: string | null): string {
  const name = disposition?.match(/filename="([^"/\\]+)"/)?.[1];
  return name ?? FALLBACK_FILE_NAME;
}

/** An error answer's JSON (its `message`), or its text when it is not JSON. */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/users/profile/export: a copy of the account's data, kept as text (not parsed: it is
     * saved as the file the server named) so the store holds nothing but strings.
     */
    exportMyData: build.mutation<DataExportFile, void>({
      query: () => ({
        url: '/users/profile/export',
        responseHandler: async (response) =>
          response.ok
            ? {
                fileName: fileNameFrom(response.headers.get('Content-Disposition')),
                content: await response.text(),
              }
            : errorBody(response),
      }),
    }),
    /** DELETE /api/users/profile with the current password: the account and its tokens end. */
    deleteAccount: build.mutation<MessageResponse, DeleteAccountRequest>({
      query: (body) => ({ url: '/users/profile', method: 'DELETE', body }),
      responseSchema: messageResponseSchema,
    }),
  }),
});

export const { useExportMyDataMutation, useDeleteAccountMutation } = privacyApi;
