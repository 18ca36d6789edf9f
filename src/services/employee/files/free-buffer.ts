/** ES2024 ArrayBuffer methods (Bun has them; the project's TypeScript lib predates them). */
type Transferable = ArrayBuffer & { readonly detached: boolean; transfer(newLength?: number): ArrayBuffer };

/** Whether `buffer` has been detached (its memory freed or moved). */
export function isDetached(buffer: ArrayBufferLike): boolean {
  return (buffer as Transferable).detached === true;
}

/**
 * Frees `buffer`'s memory now instead of at the next garbage collection: the buffer is detached
 * (every view of it reads as empty), so call it only when no view is still in use.
 */
export function freeBuffer(buffer: ArrayBufferLike): void {
  if (buffer instanceof ArrayBuffer && !isDetached(buffer)) (buffer as Transferable).transfer(0);
}
