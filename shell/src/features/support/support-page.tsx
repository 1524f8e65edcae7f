import { useState } from 'react';
import { getSupportChatUrl, MESSAGES, panelStyles } from '@panel/shared';
import { PageHeader, PAGE_MESSAGES } from '@panel/shared/page-ui';

import styles from './support-page.module.css';

/** Start Chat link and a FAQ accordion where one item is open at a time. */
export function SupportPage() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const chatUrl = getSupportChatUrl();
  // A chat app opens beside the panel; a mailto: link hands over to the mail
  // program and would leave an empty tab behind.
  const newTab = chatUrl !== null && /^https?:/i.test(chatUrl);
  return (
    <section className={`${panelStyles.page} ${styles.page}`}>
      <PageHeader title={MESSAGES.faqTitle} subtitle={PAGE_MESSAGES.supportSubtitle} />
      {chatUrl ? (
        <a
          className={styles.chat}
          href={chatUrl}
          {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
        >
          {MESSAGES.startChat}
        </a>
      ) : null}
      <div className={styles.accordion}>
        {PAGE_MESSAGES.faq.map((item, index) => {
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
