import type { Db } from '../db/database';
import { notFound } from '../lib/http-error';
import { findBuild } from '../catalog/queries/builds';
import { findProduct } from '../catalog/queries/products';

export const PRODUCT = 'Product';
export const BUILD = 'Build';
export const RELEASE = 'Release';

/** The manufacturer's product, or 404 (another manufacturer's product answers exactly like a missing one). */
export async function requireProduct(db: Db, manufacturerId: number, productId: number) {
  const product = await findProduct(db, manufacturerId, productId);
  if (!product) throw notFound(PRODUCT);
  return product;
}

/** A build of the manufacturer's product, or 404. */
export async function requireBuild(db: Db, manufacturerId: number, productId: number, buildId: number) {
  await requireProduct(db, manufacturerId, productId);
  const build = await findBuild(db, manufacturerId, productId, buildId);
  if (!build) throw notFound(BUILD);
  return build;
}
