import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TOASTS, type AppStore } from '@panel/shared';

import { SessionListener } from '../features/auth/session-listener';
import { DocumentTitle } from '../features/layout/document-title';
import { LoadingOverlay } from '../features/layout/loading-overlay';
import { AppRoutes } from './app-routes';
import './global.css';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <SessionListener />
        <DocumentTitle />
        <AppRoutes />
        <LoadingOverlay />
        <ToastContainer
          position={TOASTS.position}
          autoClose={TOASTS.autoClose}
          pauseOnHover={TOASTS.pauseOnHover}
          pauseOnFocusLoss={TOASTS.pauseOnFocusLoss}
          draggable={TOASTS.draggable}
          draggablePercent={TOASTS.draggablePercent}
        />
      </BrowserRouter>
    </Provider>
  );
}
