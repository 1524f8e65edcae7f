import { useState } from 'react';
import { LIMITS, MESSAGES, SUPPORT_CHAT_URL } from '@panel/shared';

import styles from './support-page.module.css';

// The spec fixes four FAQ items with placeholder text.
const FAQ = Array.from({ length: LIMITS.faqItems }, (_, index) => ({
  question: `Question ${index + 1}`,
  answer:
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
}));

/** Chat link and a FAQ accordion where one item is open at a time. */
export function SupportPage() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <section className={styles.page}>
      <a className={styles.chat} href={SUPPORT_CHAT_URL} target="_blank" rel="noreferrer">
        {MESSAGES.startChat}
      </a>
      <h1 className={styles.heading}>{MESSAGES.faqTitle}</h1>
      <div className={styles.accordion}>
        {FAQ.map((item, index) => {
          const open = openIndex === index;
          return (
            <div key={item.question} className={styles.item}>
              <h2 className={styles.itemHeading}>
                <button
                  type="button"
                  id={`faq-q-${index}`}
                  className={styles.question}
                  aria-expanded={open}
                  aria-controls={`faq-a-${index}`}
                  onClick={() => setOpenIndex(open ? null : index)}
                >
                  {item.question}
                  <span
                    className={open ? `${styles.chevron} ${styles.chevronOpen}` : styles.chevron}
                    aria-hidden="true"
                  >
                    ▾
                  </span>
                </button>
              </h2>
              <div
                id={`faq-a-${index}`}
                role="region"
                aria-labelledby={`faq-q-${index}`}
                className={styles.answer}
                hidden={!open}
              >
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
