export interface Option {
  /** What the API is sent: the country name, or the container type key. */
  value: string;
  /** What the user reads and searches. */
  label: string;
}

/** A key → label map (types, countries) as dropdown options, in the API's order. */
export function toOptions(map: Record<string, string>): Option[] {
  return Object.entries(map).map(([value, label]) => ({ value, label }));
}

/**
 * Spec section 5 as issue 12 reads it: an option stays when its label,
 * lowercased, contains the typed text exactly as typed, so typing capitals
 * finds nothing.
 */
export function filterOptions(options: Option[], typed: string): Option[] {
  return options.filter((option) => option.label.toLowerCase().includes(typed));
}
