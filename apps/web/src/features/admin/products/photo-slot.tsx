import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ADMIN_CATALOG_MESSAGES, MAX_IMAGE_BYTES } from '@shop/shared/admin-catalog';
import type { ImageSlot, ProductImage } from '@shop/shared/admin-catalog';
import { useAppDispatch } from '../../../stores/hooks';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import {
  photosChanged,
  useDeleteProductPhotoMutation,
  useOrderProductPhotosMutation,
  useUploadProductPhotoMutation,
} from '../api/catalog-api';
import { SLOT_LABELS } from '../catalog-format';
import { ActionDialog } from '../components/action-dialog';
import { FileDropZone } from '../components/file-drop-zone';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
const ACCEPT = IMAGE_TYPES.join(',');

type Move = 'earlier' | 'later';

/** What a slot's photos are for, under its heading. */
const SLOT_HINTS: Record<ImageSlot, string> = {
  main: 'Shown in the shop’s lists and first on the product page.',
  gallery: 'Shown after the main photo on the product page.',
  optionA: 'Shown when a shopper chooses option A.',
  optionB: 'Shown when a shopper chooses option B.',
  variant: 'Shown when a shopper chooses this variant, instead of the product’s photos.',
};

/** A variant whose own photos a 'variant' slot holds (decision 037). */
export interface PhotoVariant {
  id: string;
  /** 'Clay / XL'. */
  title: string;
}

/** What a slot is called: 'Gallery', or the variant's photos ('Clay / XL photos'). */
const slotLabel = (slot: ImageSlot, variant?: PhotoVariant) =>
  variant ? `${variant.title} photos` : SLOT_LABELS[slot];

/** The upload of one photo into a slot: alt text first, then the file (dropped or chosen). */
function UploadForm({
  productId,
  slot,
  variant,
}: {
  productId: string;
  slot: ImageSlot;
  variant?: PhotoVariant | undefined;
}) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [upload, { isLoading }] = useUploadProductPhotoMutation();
  const [alt, setAlt] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ alt?: string; file?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const fileHint = 'JPEG, PNG, WebP or AVIF, up to 10 MB.';

  const choose = (chosen: File) => {
    setFile(chosen);
    setNotice('');
    setProblem(null);
    setErrors(({ alt: altError }) => ({
      ...(altError ? { alt: altError } : {}),
      ...(!IMAGE_TYPES.includes(chosen.type)
        ? { file: ADMIN_CATALOG_MESSAGES.imageNotDecodable }
        : chosen.size > MAX_IMAGE_BYTES
          ? { file: ADMIN_CATALOG_MESSAGES.imageTooLarge }
          : {}),
    }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setNotice('');
    setProblem(null);
    const found: { alt?: string; file?: string } = {};
    if (!alt.trim()) found.alt = ADMIN_CATALOG_MESSAGES.imageAltRequired;
    if (!file) found.file = ADMIN_CATALOG_MESSAGES.imageFileRequired;
    else if (errors.file) found.file = errors.file;
    setErrors(found);
    if (found.alt || found.file) {
      document.getElementById(found.alt ? `${id}-alt` : `${id}-file`)?.focus();
      return;
    }
    if (!file) return;
    const result = await upload({
      id: productId,
      slot,
      variant: variant?.id,
      alt: alt.trim(),
      file,
    });
    if ('error' in result) {
      setProblem(errorMessage(result.error));
      return;
    }
    dispatch(photosChanged(productId, result.data));
    setAlt('');
    setFile(null);
    setNotice(`Uploaded ${file.name}`);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Upload to ${slotLabel(slot, variant)}`}
      aria-busy={isLoading || undefined}
      className="flex flex-col gap-3"
    >
      <TextField
        id={`${id}-alt`}
        label="Alt text"
        hint="Say what the photo shows, for people who cannot see it. Required."
        value={alt}
        onChange={(event) => {
          setAlt(event.target.value);
          setErrors(({ file: fileError }) => (fileError ? { file: fileError } : {}));
        }}
        error={errors.alt}
        maxLength={300}
        autoComplete="off"
        required
        aria-required
      />
      <div className="flex flex-col gap-1.5">
        <p id={`${id}-file-hint`} className="text-sm text-ink-muted">
          {fileHint}
        </p>
        <FileDropZone
          id={`${id}-file`}
          buttonLabel="Choose a photo"
          what="a photo"
          accept={ACCEPT}
          file={file}
          onFile={choose}
          invalid={Boolean(errors.file)}
          describedBy={[`${id}-file-hint`, errors.file ? `${id}-file-error` : null]
            .filter(Boolean)
            .join(' ')}
          disabled={isLoading}
        />
        {errors.file && (
          <p id={`${id}-file-error`} role="alert" className="text-sm text-danger">
            {errors.file}
          </p>
        )}
      </div>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" aria-disabled={isLoading || undefined}>
          {isLoading ? 'Uploading…' : 'Upload photo'}
        </Button>
        <p role="status" className="text-sm text-ink-muted">
          {isLoading && file ? `Uploading ${file.name}…` : notice}
        </p>
      </div>
    </form>
  );
}

/**
 * A slot's photos in order, each with its alt text, moves and delete; then the upload. For the
 * 'variant' slot, one variant's photos.
 */
export function PhotoSlot({
  productId,
  slot,
  variant,
  photos,
  hint,
}: {
  productId: string;
  slot: ImageSlot;
  variant?: PhotoVariant | undefined;
  photos: ProductImage[];
  /** Under the heading, instead of the slot's own hint. */
  hint?: string | undefined;
}) {
  const label = slotLabel(slot, variant);
  const dispatch = useAppDispatch();
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const [orderPhotos, { isLoading: ordering }] = useOrderProductPhotosMutation();
  const [deletePhoto, { isLoading: deleting }] = useDeleteProductPhotoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  /** The button to give the focus back to once the moved photo is in its new place. */
  const [moved, setMoved] = useState<{ imageId: string; move: Move } | null>(null);
  const ordered = [...photos].sort((a, b) => a.position - b.position);

  useEffect(() => {
    if (!moved) return;
    list.current
      ?.querySelector<HTMLElement>(`[data-photo="${moved.imageId}"] [data-move="${moved.move}"]`)
      ?.focus();
  }, [moved, photos]);

  const move = async (index: number, direction: Move) => {
    const to = direction === 'earlier' ? index - 1 : index + 1;
    const photo = ordered[index];
    if (!photo || to < 0 || to >= ordered.length || ordering) return;
    const imageIds = ordered.map((each) => each._id);
    imageIds.splice(index, 1);
    imageIds.splice(to, 0, photo._id);
    setProblem(null);
    const result = await orderPhotos({
      id: productId,
      slot,
      ...(variant ? { variant: variant.id } : {}),
      imageIds,
    });
    if ('error' in result) {
      setProblem(errorMessage(result.error));
      return;
    }
    dispatch(photosChanged(productId, result.data));
    setMoved({ imageId: photo._id, move: direction });
    setNotice(`“${photo.alt}” is now photo ${to + 1} of ${ordered.length}`);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-sand-200 p-4"
    >
      <div>
        <h3 id={headingId} className="text-lg font-semibold">
          {label}
        </h3>
        <p className="text-sm text-ink-muted">{hint ?? SLOT_HINTS[slot]}</p>
        <p role="status" className="text-sm font-semibold text-success">
          {notice}
        </p>
      </div>
      {ordered.length === 0 ? (
        <p className="text-sm text-ink-muted">No photos yet.</p>
      ) : (
        <ol ref={list} aria-label={`${label}: photos in order`} className="flex flex-col gap-3">
          {ordered.map((photo, index) => (
            <li
              key={photo._id}
              data-photo={photo._id}
              className="flex flex-wrap items-center gap-3 rounded-lg bg-sand-50 p-2"
            >
              <img
                src={photo.url}
                alt={photo.alt}
                width={80}
                height={80}
                loading="lazy"
                className="size-20 shrink-0 rounded-md bg-sand-100 object-cover"
              />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold">Photo {index + 1}</p>
                <p className="break-words text-ink-muted">{photo.alt}</p>
              </div>
              <div className="flex flex-wrap gap-1">
                {(['earlier', 'later'] as const).map((direction) => {
                  const edge = direction === 'earlier' ? index === 0 : index === ordered.length - 1;
                  return (
                    <Button
                      key={direction}
                      variant="ghost"
                      size="sm"
                      data-move={direction}
                      // Stays focusable at the ends of the list, where it does nothing.
                      aria-disabled={edge || ordering || undefined}
                      aria-label={`Move “${photo.alt}” ${direction}`}
                      onClick={() => void (edge ? undefined : move(index, direction))}
                    >
                      {direction === 'earlier' ? '↑ Earlier' : '↓ Later'}
                    </Button>
                  );
                })}
                <ActionDialog
                  triggerLabel="Delete"
                  triggerAriaLabel={`Delete “${photo.alt}”`}
                  triggerVariant="ghost"
                  title="Delete this photo?"
                  description={
                    <p>
                      “{photo.alt}” is removed from the{' '}
                      {variant ? `photos of ${variant.title}` : label.toLowerCase()} and from the
                      shop. This cannot be undone.
                    </p>
                  }
                  confirmLabel="Delete photo"
                  busy={deleting}
                  onConfirm={async () => {
                    const result = await deletePhoto({ id: productId, imageId: photo._id });
                    if ('error' in result) return errorMessage(result.error);
                    dispatch(photosChanged(productId, result.data));
                    setNotice(`Deleted “${photo.alt}”`);
                    return null;
                  }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      {problem && <Alert variant="danger">{problem}</Alert>}
      <UploadForm productId={productId} slot={slot} variant={variant} />
    </section>
  );
}
