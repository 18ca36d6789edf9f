/**
 * Prefill bookkeeping for the initiation form (part 1 §2 prefill): a master select's answer fills
 * its slave fields, but an answer that arrives late must never overwrite or merge with what the user
 * typed after choosing. Each master keeps a sequence number (only the answer to its latest choice is
 * applied; earlier answers are dropped) and the set of fields edited since that choice (those keep the
 * user's value; only untouched fields take the prefill).
 */
export type PrefillTracker = {
  /** Per master model name: the number of its latest choice. */
  seq: Map<string, number>;
  /** Per master model name: fields the user edited since its latest choice. */
  editedSince: Map<string, Set<string>>;
};

export function createPrefillTracker(): PrefillTracker {
  return { seq: new Map(), editedSince: new Map() };
}

/** A master was chosen: a new request number, and nothing edited since. */
export function startPrefill(t: PrefillTracker, master: string): number {
  const n = (t.seq.get(master) ?? 0) + 1;
  t.seq.set(master, n);
  t.editedSince.set(master, new Set());
  return n;
}

/** The user edited a field: every pending or later prefill leaves it alone. */
export function noteEdit(t: PrefillTracker, field: string): void {
  for (const [master, set] of t.editedSince) if (master !== field) set.add(field);
}

/** Whether an answer for `master`'s request `n` is still the latest one. */
export function isCurrentPrefill(t: PrefillTracker, master: string, n: number): boolean {
  return t.seq.get(master) === n;
}

/**
 * The values after a prefill answer: each slave with exactly one value takes it unless the user edited
 * that slave since the master's choice. `current` is never mutated.
 */
export function applyPrefill<V extends { formValue: string | null }>(
  current: Record<string, V>,
  answers: { modelName: string; value: string }[],
  edited: ReadonlySet<string>,
  empty: V,
): Record<string, V> {
  const next = { ...current };
  for (const a of answers) {
    if (edited.has(a.modelName)) continue;
    next[a.modelName] = { ...empty, ...next[a.modelName], formValue: a.value };
  }
  return next;
}
