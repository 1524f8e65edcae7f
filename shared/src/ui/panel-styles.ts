import styles from './panel-ui.module.css';

/**
 * The panel's common classes (page, panel card, buttons, link, visually
 * hidden text), so every remote's pages look alike without copying CSS.
 */
export const panelStyles = {
  page: styles.page,
  panel: styles.panel,
  button: styles.button,
  buttonSecondary: styles.buttonSecondary,
  link: styles.link,
  srOnly: styles.srOnly,
};
