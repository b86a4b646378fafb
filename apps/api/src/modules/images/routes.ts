import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_CATALOG_MESSAGES,
  MAX_IMAGE_BYTES,
  imageOrderRequestSchema,
  imageUploadFieldsSchema,
  productPhotosResponseSchema,
  productIdParams,
} from '@shop/shared/admin-catalog';
import { responses } from '@shop/shared/responses';
import { singleLineText } from '@shop/shared/text';
import { invalid } from '../../errors';
import type { Authenticator } from '../accounts/authenticator';
import { backOfficeActor } from '../back-office/actor';
import {
  addPhoto,
  photoTooLarge,
  removePhoto,
  reorderPhotos,
  type PhotosContext,
  type PhotoUpload,
} from '../../flows/product-photos';
import { RENDITION_NAME_PATTERN } from './service';

const imageParams = z.object({
  ...productIdParams.shape,
  imageId: singleLineText('Photo id').check(z.maxLength(100)),
});
const imageNameParams = z.object({ name: singleLineText('Image name').check(z.maxLength(100)) });

/** Renditions never change (content-hashed names): browsers and proxies keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Only the fields the form has; anything more is refused by the parser's limits. */
const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 4096,
  parts: 6,
  headerPairs: 50,
};

/**
 * Reads the upload form: `file`, `alt` and `slot`, in any order. The file is read to its end even
 * when it is too large (busboy discards the rest), so the answer goes back on a drained request.
 */
async function readPhotoUpload(request: FastifyRequest): Promise<PhotoUpload> {
  if (!request.isMultipart()) throw invalid(ADMIN_CATALOG_MESSAGES.imageFileRequired);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && bytes.length) file = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    throw error;
  }
  const parsed = imageUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid request');
  if (!file) throw invalid(ADMIN_CATALOG_MESSAGES.imageFileRequired);
  return { file, ...parsed.data };
}

/**
 * Product photos: the back office uploads, removes and orders them (owner and staff); anyone
 * reads their renditions at /api/images/<hash>-<width>.webp.
 */
export const imageRoutes: FastifyPluginAsyncZod<{
  ctx: PhotosContext;
  auth: Authenticator;
}> = async (app, { ctx, auth }) => {
  // Registered here, so only the upload route takes multipart bodies.
  await app.register(fastifyMultipart, {
    limits: MULTIPART_LIMITS,
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/admin/products/:id/images',
    {
      schema: {
        params: productIdParams,
        response: responses({ 201: productPhotosResponseSchema }),
      },
    },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request);
      const upload = await readPhotoUpload(request);
      const photos = await addPhoto(ctx, request.params.id, upload, backOfficeActor(user, request));
      return reply.code(201).send({ photos });
    },
  );

  app.delete(
    '/api/admin/products/:id/images/:imageId',
    { schema: { params: imageParams, response: responses({ 200: productPhotosResponseSchema }) } },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      const { id, imageId } = request.params;
      return { photos: await removePhoto(ctx, id, imageId, backOfficeActor(user, request)) };
    },
  );

  app.put(
    '/api/admin/products/:id/images/order',
    {
      schema: {
        params: productIdParams,
        body: imageOrderRequestSchema,
        response: responses({ 200: productPhotosResponseSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      const actor = backOfficeActor(user, request);
      return { photos: await reorderPhotos(ctx, request.params.id, request.body, actor) };
    },
  );

  app.get('/api/images/:name', { schema: { params: imageNameParams } }, async (request, reply) => {
    const { name } = request.params;
    const file = RENDITION_NAME_PATTERN.test(name) ? await ctx.store.read(name) : undefined;
    if (!file) return reply.code(404).send({ message: ADMIN_CATALOG_MESSAGES.imageNotFound });
    const etag = `"${name.replace(/\.webp$/, '')}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .type(file.contentType)
      .header('content-length', String(file.body.length))
      .send(file.body);
  });
};
