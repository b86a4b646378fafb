import { createHash } from 'node:crypto';
import type { Metadata, default as Sharp } from 'sharp';
import {
  ADMIN_CATALOG_MESSAGES,
  IMAGE_WIDTHS,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from '@shop/shared/admin-catalog';
import { AppError } from '../../errors';
import { createWorkQueue } from '../../lib/work-queue';

/**
 * Turns an upload into the shop's renditions with sharp (libvips): decoded once, turned upright by
 * its EXIF orientation, re-encoded as WebP at each of IMAGE_WIDTHS (never wider than the upload)
 * with no metadata at all. See docs/decisions/017-product-photos.md.
 */

let loadingSharp: Promise<typeof Sharp> | undefined;
/**
 * sharp (and libvips), loaded on the first photo and kept: some 30 MB a process that renders no
 * photo never holds (issue 23's memory budget).
 */
function loadSharp(): Promise<typeof Sharp> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image and one photo at a time in this process: an upload takes
    // about one core for a second or two, the other core keeps serving the shop (2 cores).
    sharp.concurrency(1);
    // Every upload is new: sharp's operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}
const photoWork = createWorkQueue(1);

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface Rendition {
  /** '<hash>-<width>.webp', the width being the rendition's name, not always its size. */
  name: string;
  width: number;
  height: number;
  body: Buffer;
}

export interface RenderedPhoto {
  /** sha256 of the upload's bytes, hex, first 32 characters. */
  hash: string;
  /** The upload's size once upright. */
  width: number;
  height: number;
  renditions: Rendition[];
}

export const RENDITION_CONTENT_TYPE = 'image/webp';
const WEBP_QUALITY = 80;

/** 'heif' holds AVIF (AV1) and HEIC (HEVC); only the first is taken. */
function isAcceptedFormat(metadata: Metadata): boolean {
  if (metadata.format === 'heif') return metadata.compression === 'av1';
  return metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp';
}

const tooManyPixels = () => new AppError('invalid', ADMIN_CATALOG_MESSAGES.imageTooManyPixels);
const sideTooLong = () => new AppError('invalid', ADMIN_CATALOG_MESSAGES.imageSideTooLong);
const notDecodable = (cause?: unknown) =>
  new AppError('invalid', ADMIN_CATALOG_MESSAGES.imageNotDecodable, {}, cause);

/** sharp's errors as the answer: its pixel limit, or a file it cannot read. */
function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  return /pixel limit/i.test(message) ? tooManyPixels() : notDecodable(error);
}

export function contentHash(upload: Buffer): string {
  return createHash('sha256').update(upload).digest('hex').slice(0, 32);
}

export function renditionName(hash: string, width: ImageWidth): string {
  return `${hash}-${width}.webp`;
}

/** The renditions of an upload, or a 400 (not an image we take, over MAX_IMAGE_PIXELS or MAX_IMAGE_SIDE). */
export function renderPhoto(upload: Buffer): Promise<RenderedPhoto> {
  return photoWork.run(() =>
    render(upload).catch((error: unknown) => Promise.reject(refusal(error))),
  );
}

async function render(upload: Buffer): Promise<RenderedPhoto> {
  const sharp = await loadSharp();
  // The pixel and side limits are checked from the header, before any pixel is decoded
  // (decompression bombs, and thin strips that cost seconds to decode).
  const input = () => sharp(upload, { limitInputPixels: MAX_IMAGE_PIXELS });
  const metadata = await input().metadata();
  if (!isAcceptedFormat(metadata)) throw notDecodable();
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  if (Math.max(metadata.width, metadata.height) > MAX_IMAGE_SIDE) throw sideTooLong();
  const { width, height } = metadata.autoOrient;
  const widest = Math.min(Math.max(...IMAGE_WIDTHS), width);

  // Decoded once, upright and no wider than the widest rendition; each rendition comes from that.
  const decoded = await input()
    .autoOrient()
    .resize({ width: widest })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = {
    width: decoded.info.width,
    height: decoded.info.height,
    channels: decoded.info.channels,
  };

  const hash = contentHash(upload);
  const renditions: Rendition[] = [];
  for (const target of IMAGE_WIDTHS) {
    const { data, info } = await sharp(decoded.data, { raw })
      .resize({ width: Math.min(target, width) })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    renditions.push({
      name: renditionName(hash, target),
      width: info.width,
      height: info.height,
      body: data,
    });
  }
  return { hash, width, height, renditions };
}
