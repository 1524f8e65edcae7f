import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { LAYOUT, MESSAGES } from '@panel/shared';

import { filterOptions, type Option } from '../utils/options';
import styles from './search-select.module.css';

interface SearchSelectProps {
  label: string;
  /** What the closed dropdown says before anything is chosen. */
  prompt: string;
  options: Option[];
  value: string | null;
  onChange: (value: string) => void;
  /** Open state is the parent's, so it can keep only one dropdown open at a time. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disabled?: boolean;
}

/**
 * A searchable dropdown (spec section 2): a button showing the chosen label
 * opens a search box (an ARIA combobox) over a listbox at most 100 px tall.
 * Arrows move through the matches, Enter chooses, Escape closes; choosing
 * closes it and shows the label.
 */
export function SearchSelect({
  label,
  prompt,
  options,
  value,
  onChange,
  open,
  onOpenChange,
  disabled = false,
}: SearchSelectProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => filterOptions(options, typed), [options, typed]);
  const activeIndex = Math.min(active, shown.length - 1);
  const selected = options.find((option) => option.value === value);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (!open || activeIndex < 0) return;
    const item = listRef.current?.ownerDocument.getElementById(optionId(activeIndex));
    // jsdom has no scrollIntoView; browsers keep the active option visible in the 100 px list.
    item?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeIndex]);

  const openList = () => {
    setTyped('');
    setActive(
      Math.max(
        0,
        options.findIndex((option) => option.value === value),
      ),
    );
    onOpenChange(true);
  };
  const close = (returnFocus: boolean) => {
    onOpenChange(false);
    if (returnFocus) triggerRef.current?.focus();
  };
  const choose = (option: Option) => {
    onChange(option.value);
    close(true);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      openList();
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(Math.min(shown.length - 1, activeIndex + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(0, activeIndex - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActive(0);
        break;
      case 'End':
        event.preventDefault();
        setActive(shown.length - 1);
        break;
      case 'Enter': {
        event.preventDefault();
        const option = shown[activeIndex];
        if (option) choose(option);
        break;
      }
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div
      className={styles.field}
      onBlur={(event) => {
        // Focus leaving the whole control (a click elsewhere, Tab) closes it.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <button
        ref={triggerRef}
        id={`${id}-trigger`}
        type="button"
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-trigger`}
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onTriggerKeyDown}
      >
        <span className={selected ? styles.value : styles.prompt}>{selected?.label ?? prompt}</span>
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      {open ? (
        <div className={styles.popup}>
          <input
            className={styles.search}
            type="text"
            role="combobox"
            aria-label={`Search ${label}`}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            placeholder={MESSAGES.qrSearchPlaceholder}
            value={typed}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setTyped(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKeyDown}
          />
          <ul
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            aria-label={label}
            className={styles.list}
            style={{ maxHeight: LAYOUT.qrDropdownMaxHeightPx }}
            // Keeps focus in the search box, so a click chooses instead of closing first.
            onMouseDown={(event) => event.preventDefault()}
          >
            {shown.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                className={[
                  styles.option,
                  index === activeIndex ? styles.active : '',
                  option.value === value ? styles.selected : '',
                ].join(' ')}
                onClick={() => choose(option)}
                onMouseMove={() => index !== activeIndex && setActive(index)}
              >
                {option.label}
              </li>
            ))}
          </ul>
          {shown.length === 0 ? (
            <p className={styles.noMatch} role="status">
              No match for “{typed}”
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
