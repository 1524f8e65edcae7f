import { ToastContainer } from 'react-toastify';
import { TOASTS } from '@panel/shared';

/** The one toast container of the page, with the spec's options. */
export default function PanelToastContainer() {
  return (
    <ToastContainer
      position={TOASTS.position}
      autoClose={TOASTS.autoClose}
      pauseOnHover={TOASTS.pauseOnHover}
      pauseOnFocusLoss={TOASTS.pauseOnFocusLoss}
      draggable={TOASTS.draggable}
      draggablePercent={TOASTS.draggablePercent}
    />
  );
}
