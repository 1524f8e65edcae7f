/** Small line icons for the figure cards, drawn in the current text colour. */
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

export function LoanIcon() {
  return (
    <svg {...common}>
      <path d="M4 12h12M12 6l6 6-6 6" />
      <path d="M20 4v16" />
    </svg>
  );
}

export function BoxIcon() {
  return (
    <svg {...common}>
      <path d="M3 7l9-4 9 4-9 4-9-4z" />
      <path d="M3 7v10l9 4 9-4V7" />
      <path d="M12 11v10" />
    </svg>
  );
}

export function ShopIcon() {
  return (
    <svg {...common}>
      <path d="M3 9l2-5h14l2 5" />
      <path d="M4 9v11h16V9" />
      <path d="M9 20v-6h6v6" />
    </svg>
  );
}

export function ClientsIcon() {
  return (
    <svg {...common}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5" />
      <path d="M16 4.5a3.5 3.5 0 010 7M18 14.8c1.8.8 3 2.6 3.5 5.2" />
    </svg>
  );
}

export function HistoryIcon() {
  return (
    <svg {...common}>
      <path d="M3 12a9 9 0 109-9 9 9 0 00-7 3.3" />
      <path d="M3 3v4h4M12 7v5l3 2" />
    </svg>
  );
}
