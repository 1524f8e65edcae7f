import { useState } from 'react';
import { getSupportChatUrl, MESSAGES } from '@panel/shared';

import { FAQ } from './faq';
import styles from './support-page.module.css';

/** Chat link and a FAQ accordion where one item is open at a time. */
export function SupportPage() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const chatUrl = getSupportChatUrl();
  return (
    <section className={styles.page}>
      {chatUrl ? (
        <a className={styles.chat} href={chatUrl} target="_blank" rel="noreferrer">
          {MESSAGES.startChat}
        </a>
      ) : null}
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
