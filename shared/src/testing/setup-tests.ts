import '@testing-library/jest-dom';

import { setApiBaseUrl } from '../api/runtime-config';
import { clearSession } from '../auth/session';

// Node's Request, which RTK Query builds in tests, needs an absolute URL.
setApiBaseUrl('http://localhost');

afterEach(() => {
  clearSession();
  localStorage.clear();
});
