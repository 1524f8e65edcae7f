import { toast } from 'react-toastify';

/**
 * Toasts go through here so every app uses the one container the shell
 * mounts (react-toastify is a shared singleton) with the spec's options.
 */
export const notify = {
  success: (text: string) => toast.success(text),
  // The text is the toast's id: calls failing together (a page's parallel
  // loads, or every call of an ended session) say it once, not in a stack.
  error: (text: string) => toast.error(text, { toastId: text }),
  info: (text: string) => toast.info(text),
};
