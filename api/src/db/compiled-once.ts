import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';

import { dbKindOf, type Db } from './connect';

/*
 * Kysely builds a query as a tree of nodes and compiles the tree to SQL on
 * every call. On the counter's busiest calls that was about a fifth of the
 * counter thread's time and about a quarter of what the API thread
 * allocated per lend (lend bench; there most young objects alive at a
 * scavenge were promoted, so allocating less means fewer major GCs). The
 * queries on those paths are the same SQL with other values, so each is
 * built and compiled once per kind of database and shape, and the values
 * of each call are bound to it.
 */

/** Marks where a call's value goes in a query built once: the value's index. */
export type ValueAt = (index: number) => never;

interface Template {
  compiled: CompiledQuery;
  /** Per parameter of the compiled query: the index of the call's value, or a constant. */
  binding: Array<number | { constant: unknown }>;
}

/** A value no caller passes: a slot's place among the parameters Kysely compiled. */
const SLOT = '\u0000value\u0000';

const templates = new Map<string, Template>();

/**
 * The query `build` makes, with `values` bound to it. `build` marks each
 * value with `valueAt(i)`; `shape` names whatever else the SQL depends on
 * (a list's length, which rows take an expression), so one shape is one
 * SQL text. Built and compiled at the first call of a shape only.
 */
export function compiledOnce<R>(
  db: Db,
  shape: string,
  values: readonly unknown[],
  build: (valueAt: ValueAt) => Compilable<R>,
): CompiledQuery<R> {
  const key = `${dbKindOf(db)}:${shape}`;
  let template = templates.get(key);
  if (!template) {
    template = compileTemplate(values.length, build);
    templates.set(key, template);
  }
  return {
    ...(template.compiled as CompiledQuery<R>),
    queryId: createQueryId(),
    parameters: template.binding.map((at) => (typeof at === 'number' ? values[at] : at.constant)),
  };
}

/**
 * A row's values marked for `build`, under `columns` in order: row `row`'s
 * take the values `row * columns.length` on, as the caller lists them.
 */
export function rowSlots<C extends string>(
  valueAt: ValueAt,
  columns: readonly C[],
  row = 0,
): Record<C, never> {
  const slots = {} as Record<C, never>;
  columns.forEach((column, i) => (slots[column] = valueAt(row * columns.length + i)));
  return slots;
}

function compileTemplate(
  count: number,
  build: (valueAt: ValueAt) => Compilable<unknown>,
): Template {
  const compiled = build((index) => `${SLOT}${index}` as never).compile();
  const used = new Set<number>();
  const binding = compiled.parameters.map((parameter) => {
    if (typeof parameter !== 'string' || !parameter.startsWith(SLOT))
      return { constant: parameter };
    const index = Number(parameter.slice(SLOT.length));
    used.add(index);
    return index;
  });
  // A value Kysely wrote into the SQL, or one never marked, would be the first call's for good.
  if (used.size !== count || [...used].some((index) => !(index >= 0 && index < count)))
    throw new Error(`A query built once must take each of its ${count} values as a parameter.`);
  return { compiled, binding };
}
