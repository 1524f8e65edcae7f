import { toast } from 'react-toastify';

/**
 * Toasts go through here so every app uses the one container the shell
 * mounts (react-toastify is a shared singleton) with the spec's options.
 */
export const notify = {
  success: (text: string) => toast.success(text),
  error: (text: string) => toast.error(text),
  info: (text: string) => toast.info(text),
};
