import type { Database } from '../../db/client';
import { findImageFile, insertImageFiles } from './repository';
import { RENDITION_CONTENT_TYPE, type Rendition } from './renditions';

/**
 * Where renditions live. Files are written before the photo's row and never changed afterwards
 * (their names are content hashes), so a store needs no transaction with the database: the
 * default keeps them in PostgreSQL (image_files) so that every API process serves every photo;
 * an S3-compatible object store can stand in for it (docs/decisions/017-product-photos.md).
 */
export interface ImageStore {
  /** Stores renditions; a name already stored keeps its file. */
  save(renditions: readonly Rendition[]): Promise<void>;
  /** A rendition by name, or undefined. */
  read(name: string): Promise<{ contentType: string; body: Buffer } | undefined>;
}

export function createDatabaseImageStore(db: Database): ImageStore {
  return {
    save: (renditions) =>
      insertImageFiles(
        db,
        renditions.map((rendition) => ({
          name: rendition.name,
          contentType: RENDITION_CONTENT_TYPE,
          width: rendition.width,
          height: rendition.height,
          body: rendition.body,
        })),
      ),
    read: (name) => findImageFile(db, name),
  };
}
